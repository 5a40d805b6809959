import { COLLECTIONS, stockAlertPath } from '@portal/domain';
import { ALL_ACTORS, uidOf, type Actor } from '../support/actors';
import type { Operation, QuerySpec, RuleCase } from '../support/matrix';
import { STOCK_ALERT, U } from '../support/seed';

/**
 * stock_alerts/{alertId} (docs/catalog.md#back-in-stock-alerts): written only by the functions
 * (a client that could write one would have any address mailed about any product). A signed-in
 * account reads its own alerts and nobody else's, managers included; a list must filter on uid.
 */

const WRITES: Operation[] = ['create', 'update', 'delete'];

/** The store's and My Account's query: the caller's own alerts. */
const mine = (uid: string): QuerySpec => ({ where: [['uid', '==', uid]] });

/** The actors who hold an alert in the seed. */
const OWNERS: readonly Actor[] = ['retailer', 'buyerA'];

/** An alert a client would like to write: any address, any product. */
const FORGED = (actor: Actor) => ({
  product_id: 'active-1',
  product_name: 'x',
  sku: '',
  uid: uidOf(actor),
  company_id: 'x',
  email: 'victim@example.com',
  created_at: new Date('2026-01-05T00:00:00Z'),
});

export const stockAlertCases: RuleCase[] = [
  // get: the retailer's alert, by everyone.
  ...ALL_ACTORS.map((actor): RuleCase => ({
    actor,
    op: 'get',
    path: stockAlertPath(STOCK_ALERT.retailer),
    expect: actor === 'retailer' ? 'allow' : 'deny',
    why: actor === 'retailer' ? 'own alert' : "another account's alert",
  })),
  // list: each signed-in actor's own alerts; another's, never.
  ...ALL_ACTORS.map((actor): RuleCase => ({
    actor,
    op: 'list',
    path: COLLECTIONS.stockAlerts,
    query: mine(uidOf(actor)),
    expect: actor === 'anonymous' ? 'deny' : 'allow',
    why: actor === 'anonymous' ? 'signed out' : 'own alerts (the query filters on uid)',
  })),
  ...(['buyerA', 'viewerA', 'manager', 'memberB'] as const).map((actor): RuleCase => ({
    actor,
    op: 'list',
    path: COLLECTIONS.stockAlerts,
    query: mine(U.retailer),
    expect: 'deny',
    why: "another account's alerts, a member of the same company or a manager too",
  })),
  {
    actor: 'retailer',
    op: 'list',
    path: COLLECTIONS.stockAlerts,
    query: {},
    expect: 'deny',
    why: 'a list that does not filter on uid could return others',
  },
  // writes: nobody, own alerts and managers included.
  ...ALL_ACTORS.flatMap((actor) =>
    WRITES.map((op): RuleCase => ({
      actor,
      op,
      path:
        op === 'create'
          ? stockAlertPath(`active-1_${uidOf(actor)}`)
          : stockAlertPath(
              OWNERS.includes(actor)
                ? STOCK_ALERT[actor as 'retailer' | 'buyerA']
                : STOCK_ALERT.retailer,
            ),
      ...(op === 'delete' ? {} : { data: FORGED(actor) }),
      expect: 'deny',
      why: 'only the functions write alerts',
    })),
  ),
];
