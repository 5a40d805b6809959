/**
 * The seam between the emulator core and the security-rules engine. The core calls `authorize` for
 * every non-admin request (the `Authorizer` of `src/engine/authorizer.ts`); the rules engine
 * (src/rules) judges it against the rules file, reloads the file when it changes and keeps the last
 * good rules on a bad edit.
 */
import type { AuthorizeRequest, Authorizer } from '../engine/authorizer.js';
import { RulesAuthorizer } from '../rules/authorizer.js';
import type { QueryFilter, QueryOrder, RulesRequest } from '../rules/firestore-types.js';

/**
 * The rules file is loaded (parsed, then watched) by the first request that needs rules, or by a
 * rules upload: an emulator used only by admin clients never parses it, and an idle one stays
 * small (this repository's rules cost ~5 MB once parsed). A syntax error is therefore logged at
 * that first request rather than at start.
 */
export function createAuthorizer(options: {
  rulesFile?: string;
  log?: (line: string) => void;
}): Authorizer {
  let rules: RulesAuthorizer | undefined;
  let closed = false;
  const engine = (): RulesAuthorizer =>
    (rules ??= new RulesAuthorizer({
      rulesFile: options.rulesFile,
      log: options.log,
      ...(closed ? { watch: false } : {}),
    }));
  return {
    authorize: (req) => {
      const result = engine().authorize(toRulesRequest(req));
      return result.allowed ? { allowed: true } : { allowed: false, message: result.message };
    },
    setRulesSource: (source) => engine().setRulesSource(source),
    close: () => {
      closed = true;
      rules?.close();
    },
  };
}

function toRulesRequest(req: AuthorizeRequest): RulesRequest {
  const q = req.query;
  return {
    method: req.method,
    path: req.path,
    auth: req.auth,
    time: req.time,
    timeMicros: req.timeMicros,
    resource: req.resource,
    requestResource: req.requestResource,
    lookup: req.lookup,
    query:
      q === undefined
        ? undefined
        : {
            collectionId: q.collectionId,
            parent: q.parent,
            allDescendants: q.allDescendants,
            where: q.where as QueryFilter | undefined,
            orderBy: q.orderBy as QueryOrder[] | undefined,
            limit: q.limit,
            offset: q.offset,
          },
  };
}
