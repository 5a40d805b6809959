/**
 * The REST endpoints firebase-tools' Functions emulator calls to register Firestore triggers:
 * - PUT    /emulator/v1/projects/{p}/triggers/{key}                    1st gen
 * - POST   /emulator/v1/projects/{p}/eventarcTrigger?eventarcTriggerId={key}   2nd gen
 * - GET    /emulator/v1/projects/{p}/triggers                          the registered triggers
 * - DELETE /emulator/v1/projects/{p}/triggers[/{key}]                  unregister
 * and one of ours, for tests that must not leave work behind:
 * - GET    /emulator/v1/projects/{p}/triggerDeliveries                 events still to deliver
 */
import {
  parseV1Registration,
  parseV2Registration,
  TriggerRegistrationError,
  type TriggerDispatcher,
} from './index.js';

export interface TriggerAdminReply {
  status: number;
  body: unknown;
}

function badRequest(message: string): TriggerAdminReply {
  return { status: 400, body: { error: { code: 400, message, status: 'INVALID_ARGUMENT' } } };
}

/** Null when the path is not a trigger endpoint. `parts` = path segments after /emulator/v1/. */
export function handleTriggerAdmin(
  triggers: TriggerDispatcher,
  method: string,
  parts: readonly string[],
  query: URLSearchParams,
  body: () => unknown,
): TriggerAdminReply | null {
  if (parts[0] !== 'projects' || parts.length < 3) return null;
  const project = decodeURIComponent(parts[1] as string);
  const resource = parts[2];
  try {
    if (resource === 'eventarcTrigger' && parts.length === 3 && method === 'POST') {
      const key = query.get('eventarcTriggerId') ?? '';
      triggers.registry.add(parseV2Registration(project, key, body()));
      return { status: 200, body: {} };
    }
    if (resource === 'triggerDeliveries' && parts.length === 3 && method === 'GET') {
      const { stats } = triggers.delivery;
      return { status: 200, body: { pending: triggers.delivery.pending, ...stats } };
    }
    if (resource !== 'triggers') return null;
    if (parts.length === 4 && method === 'PUT') {
      const key = decodeURIComponent(parts[3] as string);
      triggers.registry.add(parseV1Registration(project, key, body()));
      return { status: 200, body: {} };
    }
    if (parts.length === 3 && method === 'GET') {
      return {
        status: 200,
        body: {
          triggers: triggers.registry.list(project).map((t) => ({
            key: t.key,
            eventType: t.eventType,
            database: t.database,
            document: t.pattern.text,
          })),
        },
      };
    }
    if (parts.length === 3 && method === 'DELETE') {
      triggers.registry.clear(project);
      return { status: 200, body: {} };
    }
    if (parts.length === 4 && method === 'DELETE') {
      triggers.registry.remove(project, decodeURIComponent(parts[3] as string));
      return { status: 200, body: {} };
    }
  } catch (error) {
    if (error instanceof TriggerRegistrationError || error instanceof SyntaxError) {
      return badRequest(error.message);
    }
    throw error;
  }
  return null;
}
