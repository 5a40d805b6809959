import { Timestamp, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  companyRoleCan,
  membershipOf,
  ORDER_LIST_LIMITS,
  ORDER_LIST_MESSAGES,
  orderListNameKey,
  paths,
  REMOVED_FROM_COMPANY,
  VIEW_ONLY,
  type DeleteOrderListRequest,
  type DeleteOrderListResponse,
  type OrderListLine,
  type SaveOrderListInput,
  type SaveOrderListResponse,
} from '@portal/domain';
import { NOT_APPROVED } from '../lib/caller';
import type { Context } from '../lib/context';
import { NotAllowedError, NotFoundError, PreconditionError } from '../lib/errors';
import { log } from '../lib/log';

/**
 * Saved order lists (order_lists/{listId}, docs/data-model.md#order_lists): an approved owner or
 * buyer of a company creates, replaces (renames, edits the lines of) and deletes the company's
 * lists. A viewer is refused (they follow orders, place none), so is a member of another company,
 * and so is a manager: a list is the company's own restocking tool; managers read lists (the
 * rules let them) but never write one. The server fills each line's SKU and name from the product
 * and refuses a product that is not in the catalog; a product no longer sold stays on the list
 * ("Add list to cart" says so). Names are unique per company, case ignored; a company keeps at
 * most 50 lists. Each save is one transaction over the company's lists, so two members saving
 * the same name at once cannot both win.
 */

/** The caller as an approved member of a company who may order, read from their profile. */
interface ListMember {
  uid: string;
  name: string;
  companyId: string;
}

async function orderingMemberOf(db: Firestore, uid: string): Promise<ListMember> {
  const profile = (await db.doc(paths.profile(uid)).get()).data();
  if (profile?.status !== 'approved') throw new NotAllowedError(NOT_APPROVED);
  const membership = membershipOf(profile);
  if (!membership) throw new NotAllowedError(REMOVED_FROM_COMPANY);
  if (!companyRoleCan(membership.role, 'order')) throw new NotAllowedError(VIEW_ONLY);
  const name = typeof profile.full_name === 'string' ? profile.full_name.trim() : '';
  return { uid, name, companyId: membership.companyId };
}

function companyOf(data: DocumentData | undefined): string | null {
  return typeof data?.company_id === 'string' ? data.company_id : null;
}

export async function saveOrderList(
  ctx: Pick<Context, 'db' | 'now'>,
  uid: string,
  input: SaveOrderListInput,
): Promise<SaveOrderListResponse> {
  const { db } = ctx;
  const member = await orderingMemberOf(db, uid);
  const lists = db.collection(COLLECTIONS.orderLists);
  const ref = input.listId ? lists.doc(input.listId) : lists.doc();
  const key = orderListNameKey(input.name);

  await db.runTransaction(async (tx) => {
    const [existing, company, ...products] = await Promise.all([
      tx.get(ref),
      tx.get(lists.where('company_id', '==', member.companyId).select('name')),
      ...input.lines.map((line) => tx.get(db.doc(paths.product(line.productId)))),
    ]);
    if (input.listId) {
      if (!existing.exists) throw new NotFoundError(ORDER_LIST_MESSAGES.notFound);
      if (companyOf(existing.data()) !== member.companyId) {
        throw new NotAllowedError(ORDER_LIST_MESSAGES.notYours);
      }
    }
    const others = company.docs.filter((doc) => doc.id !== ref.id);
    if (others.some((doc) => orderListNameKey(String(doc.get('name') ?? '')) === key)) {
      throw new PreconditionError(ORDER_LIST_MESSAGES.nameTaken);
    }
    if (!input.listId && others.length >= ORDER_LIST_LIMITS.lists) {
      throw new PreconditionError(ORDER_LIST_MESSAGES.tooManyLists);
    }
    const lines: OrderListLine[] = input.lines.map((line, index) => {
      const product = products[index];
      if (!product?.exists) throw new PreconditionError(ORDER_LIST_MESSAGES.unknownProduct);
      const sku: unknown = product.get('sku');
      const name: unknown = product.get('name');
      return {
        product_id: line.productId,
        sku: typeof sku === 'string' ? sku : '',
        name: typeof name === 'string' ? name : '',
        quantity: line.quantity,
      };
    });
    const at = Timestamp.fromMillis(ctx.now());
    if (existing.exists) {
      tx.update(ref, { name: input.name, lines, updated_at: at });
    } else {
      tx.create(ref, {
        company_id: member.companyId,
        name: input.name,
        lines,
        created_by: uid,
        created_by_name: member.name,
        created_at: at,
        updated_at: at,
      });
    }
  });
  log.info('order_list_saved', {
    listId: ref.id,
    companyId: member.companyId,
    lines: input.lines.length,
    created: !input.listId,
    by: uid,
  });
  return { listId: ref.id };
}

export async function deleteOrderList(
  ctx: Pick<Context, 'db'>,
  uid: string,
  input: DeleteOrderListRequest,
): Promise<DeleteOrderListResponse> {
  const { db } = ctx;
  const member = await orderingMemberOf(db, uid);
  const ref = db.doc(paths.orderList(input.listId));
  await db.runTransaction(async (tx) => {
    const list = await tx.get(ref);
    if (!list.exists) throw new NotFoundError(ORDER_LIST_MESSAGES.notFound);
    if (companyOf(list.data()) !== member.companyId) {
      throw new NotAllowedError(ORDER_LIST_MESSAGES.notYours);
    }
    tx.delete(ref);
  });
  log.info('order_list_deleted', { listId: input.listId, companyId: member.companyId, by: uid });
  return { listId: input.listId };
}
