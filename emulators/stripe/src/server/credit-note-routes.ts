import { planCreditNote } from '../billing/credit-note-plan.js';
import {
  buildCreditNote,
  CREDIT_NOTE_LIST_PARAMS,
  issueCreditNote,
  voidCreditNote,
} from '../billing/credit-notes.js';
import { paginate, readPageParams } from '../core/pagination.js';
import { assertKnownKeys, readString } from '../core/param-readers.js';
import { readExpand, type Handler, type Route } from './route-types.js';
import type { SandboxState } from './sandbox-state.js';

const NOTHING_EXPANDABLE: ReadonlyArray<string> = [];
const LINES_PARAMS = ['limit', 'starting_after', 'ending_before', 'expand'];

/** Where a credit note's PDF would be: the sandbox does not render one (see README). */
function pdfUrl(state: SandboxState, id: string): string {
  return `${state.options.publicUrl()}/credit_notes/${encodeURIComponent(id)}/pdf`;
}

/** POST /v1/credit_notes: checked in full (planCreditNote), then issued. */
const createCreditNote: Handler = (state, request) => {
  readExpand(request.params, NOTHING_EXPANDABLE);
  const plan = planCreditNote(state, request.params);
  const at = state.nowFor(plan.invoice.customer);
  const { creditNote, refund, events } = issueCreditNote(state, plan, at, (id) =>
    pdfUrl(state, id),
  );
  state.log(
    `credit note ${creditNote.number} (${creditNote.id}) on ${creditNote.invoice}: ${creditNote.total} (${creditNote.type})`,
  );
  state.sendInBackground(...events);
  if (refund) state.announceRefund(refund.refund, refund.charge);
  return { status: 200, body: creditNote };
};

/** GET /v1/credit_notes/preview: the credit note the same parameters would issue; nothing saved. */
const previewCreditNote: Handler = (state, request) => {
  readExpand(request.params, NOTHING_EXPANDABLE);
  const plan = planCreditNote(state, request.params);
  const id = 'cn_preview';
  return {
    status: 200,
    body: buildCreditNote(plan, {
      id,
      number: state.creditNotes.nextNumber(plan.invoice),
      created: state.nowFor(plan.invoice.customer),
      pdf: pdfUrl(state, id),
    }),
  };
};

/** GET /v1/credit_notes/preview/lines: the preview's lines, with cursor pagination. */
const previewLines: Handler = (state, request) => {
  const { limit, starting_after, ending_before, ...rest } = request.params;
  const page = readPageParams({
    ...(limit !== undefined ? { limit } : {}),
    ...(starting_after !== undefined ? { starting_after } : {}),
    ...(ending_before !== undefined ? { ending_before } : {}),
  });
  const plan = planCreditNote(state, rest);
  return {
    status: 200,
    body: paginate(plan.lines, page, '/v1/credit_notes/preview/lines', 'credit_note_line_item'),
  };
};

const retrieveCreditNote: Handler = (state, request, match) => {
  assertKnownKeys(request.params, ['expand'], '');
  readExpand(request.params, NOTHING_EXPANDABLE);
  return { status: 200, body: state.creditNotes.require(match[1] as string) };
};

/** GET /v1/credit_notes: newest first, `invoice` and `customer` filter. */
const listCreditNotes: Handler = (state, request) => {
  assertKnownKeys(request.params, CREDIT_NOTE_LIST_PARAMS, '');
  readExpand(request.params, NOTHING_EXPANDABLE);
  const page = readPageParams(request.params);
  const invoice = readString(request.params.invoice, 'invoice') || undefined;
  const customer = readString(request.params.customer, 'customer') || undefined;
  const notes = state.creditNotes.list({
    ...(invoice ? { invoice } : {}),
    ...(customer ? { customer } : {}),
  });
  return { status: 200, body: paginate(notes, page, '/v1/credit_notes', 'credit_note') };
};

const listCreditNoteLines: Handler = (state, request, match) => {
  assertKnownKeys(request.params, LINES_PARAMS, '');
  readExpand(request.params, NOTHING_EXPANDABLE);
  const note = state.creditNotes.require(match[1] as string);
  const page = readPageParams(request.params);
  return {
    status: 200,
    body: paginate(note.lines.data, page, note.lines.url, 'credit_note_line_item'),
  };
};

/** POST /v1/credit_notes/:id: `memo` and `metadata` (`credit_note.updated`). */
const updateCreditNote: Handler = (state, request, match) => {
  readExpand(request.params, NOTHING_EXPANDABLE);
  const note = state.creditNotes.update(match[1] as string, request.params);
  state.sendInBackground(state.event('credit_note.updated', note));
  return { status: 200, body: note };
};

/** POST /v1/credit_notes/:id/void (`credit_note.voided`). */
const voidCreditNoteRoute: Handler = (state, request, match) => {
  assertKnownKeys(request.params, ['expand'], '');
  readExpand(request.params, NOTHING_EXPANDABLE);
  const note = state.creditNotes.require(match[1] as string);
  const events = voidCreditNote(state, note, state.nowFor(note.customer));
  state.log(`voided credit note ${note.number} (${note.id})`);
  state.sendInBackground(...events);
  return { status: 200, body: note };
};

/** Credit notes of finalized invoices. */
export const CREDIT_NOTE_ROUTES: ReadonlyArray<Route> = [
  { method: 'POST', pattern: /^\/v1\/credit_notes$/, handler: createCreditNote },
  { method: 'GET', pattern: /^\/v1\/credit_notes$/, handler: listCreditNotes },
  { method: 'GET', pattern: /^\/v1\/credit_notes\/preview$/, handler: previewCreditNote },
  { method: 'GET', pattern: /^\/v1\/credit_notes\/preview\/lines$/, handler: previewLines },
  { method: 'GET', pattern: /^\/v1\/credit_notes\/([^/]+)$/, handler: retrieveCreditNote },
  { method: 'POST', pattern: /^\/v1\/credit_notes\/([^/]+)$/, handler: updateCreditNote },
  { method: 'GET', pattern: /^\/v1\/credit_notes\/([^/]+)\/lines$/, handler: listCreditNoteLines },
  { method: 'POST', pattern: /^\/v1\/credit_notes\/([^/]+)\/void$/, handler: voidCreditNoteRoute },
];
