import { TAX_MESSAGES } from '@portal/domain';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BUYER_UID } from '@/testing/portal-fixtures';
import { fakeDb } from '@/testing/fake-firestore-lite';
import { renderWithProviders } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { TaxCertificatesCard } from './tax-certificates-card';

const tax = vi.hoisted(() => ({
  callSubmitTaxCertificate: vi.fn(),
  callReviewTaxCertificate: vi.fn(),
}));
vi.mock('@/lib/tax-callables', () => tax);

interface TaskHandlers {
  next: (snapshot: { bytesTransferred: number; totalBytes: number }) => void;
  error: (error: Error) => void;
  complete: () => void;
}
const storage = vi.hoisted(() => ({
  ref: vi.fn((_storage: unknown, path: string) => ({ fullPath: path })),
  uploadBytesResumable: vi.fn(),
  getBlob: vi.fn(),
}));
vi.mock('firebase/storage', () => storage);
vi.mock('@/lib/storage', () => ({ storage: { fake: true } }));

vi.setConfig({ testTimeout: 30_000 });
const user = userEvent.setup({
  delay: null,
  pointerEventsCheck: PointerEventsCheckLevel.Never,
  applyAccept: false,
});

/** The upload task the component drives; the test moves it along. */
let task: TaskHandlers | null = null;
const cancelled = vi.fn();

beforeEach(() => {
  tax.callSubmitTaxCertificate.mockReset();
  tax.callReviewTaxCertificate.mockReset();
  storage.ref.mockClear();
  storage.getBlob.mockReset();
  cancelled.mockReset();
  task = null;
  storage.uploadBytesResumable.mockReset().mockImplementation(() => ({
    on: (
      _event: string,
      next: TaskHandlers['next'],
      error: TaskHandlers['error'],
      complete: () => void,
    ) => {
      task = { next, error, complete };
    },
    cancel: () => {
      cancelled();
      task?.error(Object.assign(new Error('canceled'), { code: 'storage/canceled' }));
    },
  }));
  URL.createObjectURL = vi.fn(() => 'blob:certificate');
  URL.revokeObjectURL = vi.fn();
});

function seedCertificate(
  id: string,
  overrides: Partial<{
    state: string;
    number: string;
    status: string;
    expires_on: string | null;
    rejection_reason: string;
    content_type: string;
    submitted_at: Date;
  }> = {},
) {
  fakeDb.seed(`tax_certificates/${id}`, {
    company_id: BUYER_UID,
    state: 'CA',
    number: `SR-${id}`,
    expires_on: '2099-12-31',
    file_path: `tax-certificates/${BUYER_UID}/${id}/certificate`,
    file_name: `${id}.pdf`,
    content_type: 'application/pdf',
    size: 2048,
    status: 'pending',
    submitted_by: BUYER_UID,
    submitted_by_name: 'Dana Buyer',
    submitted_at: new Date('2026-11-20T10:00:00Z'),
    ...overrides,
  });
}

const renderCard = (canManage = true, canViewFiles = true) =>
  renderWithProviders(
    <TaxCertificatesCard companyId={BUYER_UID} canManage={canManage} canViewFiles={canViewFiles} />,
  );

const file = (name: string, type: string, size: number) =>
  new File([new Uint8Array(size)], name, { type });

async function openUpload() {
  renderCard();
  await user.click(await screen.findByRole('button', { name: 'Upload certificate' }));
  const form = await screen.findByRole('form', { name: 'Upload a resale certificate' });
  // The form opens in place of its button, with the focus on its first field.
  expect(within(form).getByLabelText('Certificate file')).toHaveFocus();
  return within(form);
}

async function fillForm(
  dialog: ReturnType<typeof within>,
  chosen = file('cert.pdf', 'application/pdf', 4096),
) {
  await user.upload(dialog.getByLabelText('Certificate file'), chosen);
  await user.type(dialog.getByLabelText('Certificate number'), 'SR-123 456');
  await user.selectOptions(dialog.getByLabelText('State'), 'CA');
  await user.type(dialog.getByLabelText('Expiry date'), '2099-12-31');
}

const submitButton = (dialog: ReturnType<typeof within>) =>
  dialog.getByRole('button', { name: 'Upload certificate' });

describe('My Account: resale certificates, the list', () => {
  it('shows each certificate with its state, number, validity and standing, and a rejection’s reason', async () => {
    seedCertificate('pending1', {
      state: 'CA',
      number: 'CA-1',
      submitted_at: new Date('2026-11-25'),
    });
    seedCertificate('approved1', {
      state: 'NV',
      number: 'NV-2',
      status: 'approved',
      expires_on: null,
      submitted_at: new Date('2026-11-24'),
    });
    seedCertificate('rejected1', {
      state: 'OR',
      number: 'OR-3',
      status: 'rejected',
      rejection_reason: 'The scan is unreadable.',
      submitted_at: new Date('2026-11-23'),
    });
    seedCertificate('expired1', {
      state: 'AZ',
      number: 'AZ-4',
      status: 'approved',
      expires_on: '2020-01-31',
      submitted_at: new Date('2026-11-22'),
    });
    // Another company's certificate is not read.
    fakeDb.seed('tax_certificates/other', {
      ...fakeDb.get('tax_certificates/pending1'),
      company_id: 'someone-else',
      number: 'XX-9',
    });
    renderCard(false);
    const list = await screen.findByRole('list', { name: 'Resale certificates' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
      'CA certificate CA-1',
      'NV certificate NV-2',
      'OR certificate OR-3',
      'AZ certificate AZ-4',
    ]);
    const [pending, approved, rejected, expired] = items.map((item) => within(item));
    expect(pending!.getByText('Pending review')).toBeInTheDocument();
    expect(pending!.getByText('Dec 31, 2099')).toBeInTheDocument();
    expect(approved!.getByText('Approved')).toBeInTheDocument();
    expect(approved!.getByText('Does not expire')).toBeInTheDocument();
    expect(rejected!.getByText('Rejected')).toBeInTheDocument();
    expect(rejected!.getByText('Rejected: The scan is unreadable.')).toBeInTheDocument();
    expect(expired!.getByText('Expired')).toBeInTheDocument();
    expect(expired!.getByText('Jan 31, 2020')).toBeInTheDocument();
    expect(expired!.queryByText('Approved')).not.toBeInTheDocument();
    for (const item of items) {
      expect(within(item).getByRole('button', { name: /^View file of the / })).toBeInTheDocument();
    }
    // Only the owner uploads.
    expect(screen.queryByRole('button', { name: 'Upload certificate' })).not.toBeInTheDocument();
    // A viewer sees the list, but storage.rules keep the files from them: no View file.
    cleanup();
    renderCard(false, false);
    const viewerItems = await screen.findAllByRole('listitem');
    expect(viewerItems).toHaveLength(4);
    expect(screen.queryByRole('button', { name: /^View file of the / })).not.toBeInTheDocument();
    const read = fakeDb.calls.find((call) => call.path === 'tax_certificates');
    expect(read?.constraints).toEqual([
      { type: 'where', field: 'company_id', op: '==', value: BUYER_UID },
      { type: 'orderBy', field: 'submitted_at', direction: 'desc' },
    ]);
  });

  it('explains why certificates matter when there are none', async () => {
    renderCard();
    expect(await screen.findByText('No resale certificates yet.')).toBeInTheDocument();
    expect(
      screen.getAllByText(
        'Orders shipping to a state where you hold an approved resale certificate are not charged sales tax.',
      ).length,
    ).toBeGreaterThan(0);
    expect(
      screen.getByText('Upload one for each state you ship to; we review it before it applies.'),
    ).toBeInTheDocument();
  });

  it('says when the certificates could not be read, and tries again', async () => {
    fakeDb.fail('getDocs', 'tax_certificates', new Error('permission-denied'), true);
    seedCertificate('c1');
    renderCard();
    expect(await screen.findByText('Could not load the resale certificates.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Pending review')).toBeInTheDocument();
  });

  it('shows a PNG file in an image, read from Storage, and lets the URL go when closed', async () => {
    seedCertificate('png1', { content_type: 'image/png', number: 'PNG-1' });
    storage.getBlob.mockResolvedValue(new Blob(['x'], { type: 'image/png' }));
    renderCard();
    await user.click(
      await screen.findByRole('button', { name: 'View file of the CA certificate PNG-1' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'CA certificate PNG-1' }));
    const image = await dialog.findByRole('img', { name: 'File of the CA certificate PNG-1' });
    expect(image).toHaveAttribute('src', 'blob:certificate');
    expect(storage.ref).toHaveBeenCalledWith(
      { fake: true },
      `tax-certificates/${BUYER_UID}/png1/certificate`,
    );
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:certificate'));
  });
});

describe('My Account: resale certificates, the upload', () => {
  it('refuses a 20 MB PDF and a GIF in the browser, under the field, and uploads nothing', async () => {
    const dialog = await openUpload();
    const input = dialog.getByLabelText('Certificate file');
    await user.upload(input, file('big.pdf', 'application/pdf', 20 * 1024 * 1024));
    expect(await dialog.findByText(TAX_MESSAGES.fileTooLarge)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.upload(input, file('anim.gif', 'image/gif', 100));
    expect(await dialog.findByText(TAX_MESSAGES.fileType)).toBeInTheDocument();
    await user.type(dialog.getByLabelText('Certificate number'), 'SR-1');
    await user.selectOptions(dialog.getByLabelText('State'), 'CA');
    await user.click(dialog.getByLabelText('Does not expire'));
    await user.click(submitButton(dialog));
    expect(await dialog.findByText(TAX_MESSAGES.fileType)).toBeInTheDocument();
    expect(storage.uploadBytesResumable).not.toHaveBeenCalled();
    expect(tax.callSubmitTaxCertificate).not.toHaveBeenCalled();
  });

  it('asks for every field, and a date not yet past unless it does not expire', async () => {
    const dialog = await openUpload();
    await user.click(submitButton(dialog));
    expect(
      await dialog.findByText('Choose the certificate file (PDF, PNG or JPEG).'),
    ).toBeInTheDocument();
    expect(dialog.getByText(TAX_MESSAGES.number)).toBeInTheDocument();
    expect(dialog.getByText(TAX_MESSAGES.state)).toBeInTheDocument();
    expect(dialog.getByText(TAX_MESSAGES.expiresOn)).toBeInTheDocument();

    await user.type(dialog.getByLabelText('Certificate number'), 'SR<1>');
    await user.type(dialog.getByLabelText('Expiry date'), '2020-01-01');
    await user.click(submitButton(dialog));
    expect(await dialog.findByText(TAX_MESSAGES.expired)).toBeInTheDocument();
    expect(dialog.getByText(TAX_MESSAGES.number)).toBeInTheDocument();

    await user.click(dialog.getByLabelText('Does not expire'));
    expect(dialog.getByLabelText('Expiry date')).toBeDisabled();
    expect(dialog.queryByText(TAX_MESSAGES.expired)).not.toBeInTheDocument();
    expect(storage.uploadBytesResumable).not.toHaveBeenCalled();
  });

  it('uploads the file under a new certificate id with its type and progress, then submits it', async () => {
    tax.callSubmitTaxCertificate.mockResolvedValue({
      certificateId: 'auto-id-1',
      status: 'pending',
    });
    const dialog = await openUpload();
    await fillForm(dialog);
    await user.click(submitButton(dialog));

    await waitFor(() => expect(storage.uploadBytesResumable).toHaveBeenCalledTimes(1));
    const [reference, sent, metadata] = storage.uploadBytesResumable.mock.calls[0]!;
    expect(reference).toEqual({ fullPath: `tax-certificates/${BUYER_UID}/auto-id-1/certificate` });
    expect((sent as File).name).toBe('cert.pdf');
    expect(metadata).toEqual({ contentType: 'application/pdf' });
    expect(tax.callSubmitTaxCertificate).not.toHaveBeenCalled();

    task!.next({ bytesTransferred: 40, totalBytes: 100 });
    expect(await dialog.findByText('Uploading… 40%')).toBeInTheDocument();
    expect(dialog.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
      'value',
      '40',
    );
    task!.next({ bytesTransferred: 100, totalBytes: 100 });
    task!.complete();

    await waitFor(() =>
      expect(tax.callSubmitTaxCertificate).toHaveBeenCalledWith({
        certificateId: 'auto-id-1',
        state: 'CA',
        number: 'SR-123 456',
        expiresOn: '2099-12-31',
        fileName: 'cert.pdf',
      }),
    );
    await expectToast('Certificate submitted', 'Your CA certificate SR-123 456 is pending review.');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Upload certificate' })).toHaveFocus(),
    );
    await waitFor(() =>
      expect(
        screen.queryByRole('form', { name: 'Upload a resale certificate' }),
      ).not.toBeInTheDocument(),
    );
  });

  it('sends no expiry for a certificate that does not expire', async () => {
    tax.callSubmitTaxCertificate.mockResolvedValue({
      certificateId: 'auto-id-1',
      status: 'pending',
    });
    const dialog = await openUpload();
    await fillForm(dialog, file('scan.jpg', 'image/jpeg', 1000));
    await user.click(dialog.getByLabelText('Does not expire'));
    await user.click(submitButton(dialog));
    await waitFor(() => expect(task).not.toBeNull());
    expect(storage.uploadBytesResumable.mock.calls[0]![2]).toEqual({ contentType: 'image/jpeg' });
    task!.complete();
    await waitFor(() =>
      expect(tax.callSubmitTaxCertificate).toHaveBeenCalledWith(
        expect.objectContaining({ expiresOn: null, fileName: 'scan.jpg' }),
      ),
    );
  });

  it('shows the server’s refusal in the form and keeps it open to try again', async () => {
    tax.callSubmitTaxCertificate.mockRejectedValueOnce(
      Object.assign(new Error(`${TAX_MESSAGES.fileContent} [400]`), {
        code: 'functions/invalid-argument',
      }),
    );
    const dialog = await openUpload();
    await fillForm(dialog);
    await user.click(submitButton(dialog));
    await waitFor(() => expect(task).not.toBeNull());
    task!.complete();
    expect(await dialog.findByRole('alert')).toHaveTextContent(TAX_MESSAGES.fileContent);
    expect(screen.getByRole('form', { name: 'Upload a resale certificate' })).toBeInTheDocument();
  });

  it('says a failed upload in its own words, and Cancel stops an upload under way', async () => {
    const dialog = await openUpload();
    await fillForm(dialog);
    await user.click(submitButton(dialog));
    await waitFor(() => expect(task).not.toBeNull());
    task!.error(
      Object.assign(new Error('Firebase Storage: User does not have permission'), {
        code: 'storage/unauthorized',
      }),
    );
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Could not upload the certificate. Check your connection and try again.',
    );
    expect(tax.callSubmitTaxCertificate).not.toHaveBeenCalled();

    task = null;
    await user.click(submitButton(dialog));
    await waitFor(() => expect(task).not.toBeNull());
    await user.click(dialog.getByRole('button', { name: 'Cancel upload' }));
    expect(cancelled).toHaveBeenCalled();
    await waitFor(() =>
      expect(
        screen.queryByRole('form', { name: 'Upload a resale certificate' }),
      ).not.toBeInTheDocument(),
    );
    expect(tax.callSubmitTaxCertificate).not.toHaveBeenCalled();
  });
});
