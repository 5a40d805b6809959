import type Stripe from 'stripe';
import type { FormObject } from '../core/form-encoding.js';
import { newId } from '../core/ids.js';
import {
  assertKnownKeys,
  readEnum,
  readMetadataUpdate,
  readObject,
  readString,
  requireString,
} from '../core/param-readers.js';
import { invalidRequest, missingReference, resourceMissing } from '../core/stripe-error.js';
import type { CollectedDetails, Customer, CustomerUpdate, Known, Param } from '../core/types.js';

/** A customer's `tax_exempt`: `none` (taxed), `exempt` (a resale certificate, say), `reverse`. */
export type TaxExempt = Known<Stripe.Customer.TaxExempt>;
export const TAX_EXEMPT_VALUES: ReadonlyArray<TaxExempt> = ['none', 'exempt', 'reverse'];

const CUSTOMER_PARAMS: ReadonlyArray<Param<Stripe.CustomerUpdateParams>> = [
  'email',
  'name',
  'phone',
  'shipping',
  'address',
  'metadata',
  'description',
  'tax_exempt',
  'expand',
];
/** On create only: a customer joins a test clock when it is made, and stays on it. */
const CREATE_ONLY_PARAMS: ReadonlyArray<Param<Stripe.CustomerCreateParams>> = ['test_clock'];
const SHIPPING_PARAMS: ReadonlyArray<Param<Stripe.CustomerCreateParams.Shipping>> = [
  'name',
  'phone',
  'address',
];
const ADDRESS_PARAMS: ReadonlyArray<Param<Stripe.AddressParam>> = [
  'line1',
  'line2',
  'city',
  'state',
  'postal_code',
  'country',
];
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

function readAddress(value: FormObject['x'], param: string): Stripe.Address {
  const address = readObject(value, param);
  if (!address) throw invalidRequest(`Missing required param: ${param}.`, param);
  assertKnownKeys(address, ADDRESS_PARAMS, param);
  const field = (key: string) => readString(address[key], `${param}[${key}]`, 200) || null;
  return {
    line1: field('line1'),
    line2: field('line2'),
    city: field('city'),
    state: field('state'),
    postal_code: field('postal_code'),
    country: field('country'),
  };
}

/** `address`: the billing address; `address=''` clears it. */
function readBillingAddress(value: FormObject['x']): Stripe.Address | null | undefined {
  if (value === '') return null;
  if (value === undefined) return undefined;
  return readAddress(value, 'address');
}

/** `tax_exempt`: `none`, `exempt` or `reverse`; `''` is `none`, as at Stripe. */
function readTaxExempt(value: FormObject['x']): TaxExempt | undefined {
  if (value === '') return 'none';
  return readEnum(value, 'tax_exempt', TAX_EXEMPT_VALUES);
}

/**
 * A ship-to param (`name`, `phone`, `address`): a customer's `shipping`, an invoice's
 * `shipping_details`. `''` clears it, as in Stripe.
 */
export function readShippingDetails(
  value: FormObject['x'],
  param = 'shipping',
): Stripe.Customer.Shipping | null | undefined {
  if (value === '') return null;
  const shipping = readObject(value, param);
  if (!shipping) return undefined;
  assertKnownKeys(shipping, SHIPPING_PARAMS, param);
  const address = readAddress(shipping.address, `${param}[address]`);
  return {
    name: requireString(shipping.name, `${param}[name]`, 256),
    phone: readString(shipping.phone, `${param}[phone]`, 20) || null,
    address,
  };
}

const readShipping = (value: FormObject['x']) => readShippingDetails(value, 'shipping');

/** In-memory Customers: create, retrieve, update (the fields the portal uses). */
export class CustomerStore {
  private readonly customers = new Map<string, Customer>();

  constructor(private readonly now: () => number) {}

  get(id: string): Customer | undefined {
    return this.customers.get(id);
  }

  /** The customer a request's URL names: 404 when missing. */
  require(id: string): Customer {
    const customer = this.customers.get(id);
    if (!customer) throw resourceMissing('customer', id, 'id');
    return customer;
  }

  /** The customer a parameter names (`customer` on a session): 400 when missing. */
  requireReference(id: string, param: string): Customer {
    const customer = this.customers.get(id);
    if (!customer) throw missingReference('customer', id, param);
    return customer;
  }

  /**
   * POST /v1/customers. `test_clock` names an existing clock (`clockTime` gives its frozen time,
   * or throws a 400 for an unknown clock): the customer is created at that time and lives by it.
   */
  create(params: FormObject, clockTime: (id: string, param: string) => number): Customer {
    assertKnownKeys(params, [...CUSTOMER_PARAMS, ...CREATE_ONLY_PARAMS], '');
    const testClock = readString(params.test_clock, 'test_clock') || null;
    const created = testClock ? clockTime(testClock, 'test_clock') : this.nowSeconds();
    const customer = this.newCustomer(created, testClock);
    this.apply(customer, params);
    this.customers.set(customer.id, customer);
    return customer;
  }

  /**
   * The customer Checkout creates for a subscription session that names none: the email, and
   * the name, phone and ship-to the buyer typed.
   */
  createFromCheckout(details: CollectedDetails, email: string | null): Customer {
    const customer = this.newCustomer(this.nowSeconds(), null);
    customer.email = email;
    customer.phone = details.phone;
    if (details.shipping) {
      customer.name = details.shipping.name;
      customer.shipping = {
        name: details.shipping.name,
        phone: details.phone,
        address: structuredClone(details.shipping.address),
      };
    }
    this.customers.set(customer.id, customer);
    return customer;
  }

  /**
   * GET /v1/customers: newest first, as Stripe lists them; `email` and `test_clock` filter
   * (exact match).
   */
  list(filter: { email?: string; testClock?: string } = {}): Customer[] {
    return [...this.customers.values()]
      .filter(
        (customer) =>
          (filter.email === undefined || customer.email === filter.email) &&
          (filter.testClock === undefined || customer.test_clock === filter.testClock),
      )
      .reverse();
  }

  /** The customers on a test clock. */
  onClock(clockId: string): Customer[] {
    return [...this.customers.values()].filter((customer) => customer.test_clock === clockId);
  }

  /** Forgets these customers (a deleted test clock's). */
  forget(ids: ReadonlySet<string>): void {
    for (const id of ids) this.customers.delete(id);
  }

  private nowSeconds(): number {
    return Math.floor(this.now() / 1000);
  }

  private newCustomer(created: number, testClock: string | null): Customer {
    return {
      id: newId('cus', 14),
      object: 'customer',
      address: null,
      balance: 0,
      created,
      default_source: null,
      description: null,
      email: null,
      invoice_settings: {
        custom_fields: null,
        default_payment_method: null,
        footer: null,
        rendering_options: null,
      },
      livemode: false,
      metadata: {},
      name: null,
      phone: null,
      shipping: null,
      tax_exempt: 'none',
      test_clock: testClock,
    };
  }

  update(id: string, params: FormObject): Customer {
    const customer = this.require(id);
    assertKnownKeys(params, CUSTOMER_PARAMS, '');
    this.apply(customer, params);
    return customer;
  }

  /**
   * What Checkout saves on the customer once paid, per `customer_update`: the ship-to (with the
   * phone typed) onto `shipping`, its address onto `address`, the name onto `name`.
   */
  saveFromCheckout(id: string, details: CollectedDetails, update: CustomerUpdate): void {
    const customer = this.customers.get(id);
    const shipping = details.shipping;
    if (!customer || !shipping) return;
    if (update.shipping) {
      customer.shipping = {
        name: shipping.name,
        phone: details.phone,
        address: structuredClone(shipping.address),
      };
    }
    if (update.address) customer.address = structuredClone(shipping.address);
    if (update.name) customer.name = shipping.name;
  }

  clear(): void {
    this.customers.clear();
  }

  /** Validates every field first, then writes: a refused update changes nothing. */
  private apply(customer: Customer, params: FormObject): void {
    const email = readString(params.email, 'email', 512);
    if (email && !EMAIL.test(email)) {
      throw invalidRequest(`Invalid email address: ${email}`, 'email', 'email_invalid');
    }
    const name = readString(params.name, 'name', 256);
    const phone = readString(params.phone, 'phone', 20);
    const description = readString(params.description, 'description', 350);
    const shipping = readShipping(params.shipping);
    const address = readBillingAddress(params.address);
    const taxExempt = readTaxExempt(params.tax_exempt);
    const metadata = readMetadataUpdate(customer.metadata, params.metadata, 'metadata');
    if (email !== undefined) customer.email = email || null;
    if (name !== undefined) customer.name = name || null;
    if (phone !== undefined) customer.phone = phone || null;
    if (description !== undefined) customer.description = description || null;
    if (shipping !== undefined) customer.shipping = shipping;
    if (address !== undefined) customer.address = address;
    if (taxExempt !== undefined) customer.tax_exempt = taxExempt;
    if (metadata !== undefined) customer.metadata = metadata;
  }
}
