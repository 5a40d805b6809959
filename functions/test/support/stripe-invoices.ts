import type Stripe from 'stripe';

type InvoiceMethods = Stripe['invoices'];

/**
 * A Stripe client whose `invoices.<method>` is replaced (the rest of the client as it is): an
 * outage of one call, or a call that waits for something first. `replace` gets the original,
 * bound to its resource.
 */
export function withInvoiceMethod<M extends keyof InvoiceMethods>(
  stripe: Stripe,
  method: M,
  replace: (original: InvoiceMethods[M]) => InvoiceMethods[M],
): Stripe {
  const invoices = new Proxy(stripe.invoices, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver) as unknown;
      if (name !== method) return value;
      return replace((value as (...args: unknown[]) => unknown).bind(target) as InvoiceMethods[M]);
    },
  });
  return new Proxy(stripe, {
    get: (target, name, receiver) =>
      name === 'invoices' ? invoices : (Reflect.get(target, name, receiver) as unknown),
  });
}

/** `stripe` with invoices.create refused, as in an outage. */
export function invoicesDown(stripe: Stripe): Stripe {
  return withInvoiceMethod(
    stripe,
    'create',
    () =>
      (() => Promise.reject(new Error('Stripe is down'))) as unknown as InvoiceMethods['create'],
  );
}

/** A promise's rejection, or null when it resolved. */
export function rejectionOf(
  promise: Promise<unknown>,
): Promise<(Error & { details?: unknown }) | null> {
  return promise.then(
    () => null,
    (error: unknown) => error as Error & { details?: unknown },
  );
}
