import { TAX_MESSAGES } from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeDb } from '@/testing/fake-firestore-lite';
import { renderWithProviders } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { CertificatesPanel } from './certificates-panel';

const tax = vi.hoisted(() => ({
  callSubmitTaxCertificate: vi.fn(),
  callReviewTaxCertificate: vi.fn(),
}));
vi.mock('@/lib/tax-callables', () => tax);
const storage = vi.hoisted(() => ({
  ref: vi.fn((_storage: unknown, path: string) => ({ fullPath: path })),
  getBlob: vi.fn(),
  uploadBytesResumable: vi.fn(),
}));
vi.mock('firebase/storage', () => storage);
vi.mock('@/lib/storage', () => ({ storage: { fake: true } }));

vi.setConfig({ testTimeout: 30_000 });
const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });

function seedCertificate(
  id: string,
  overrides: Partial<{
    company_id: string;
    state: string;
    number: string;
    status: string;
    expires_on: string | null;
    content_type: string;
    rejection_reason: string;
    submitted_at: Date;
    submitted_by_name: string;
  }> = {},
) {
  const company = overrides.company_id ?? 'cloud9';
  fakeDb.seed(`tax_certificates/${id}`, {
    company_id: company,
    state: 'CA',
    number: `SR-${id}`,
    expires_on: '2099-12-31',
    file_path: `tax-certificates/${company}/${id}/certificate`,
    file_name: `${id}.pdf`,
    content_type: 'application/pdf',
    size: 2 * 1024 * 1024,
    status: 'pending',
    submitted_by: 'owner-1',
    submitted_by_name: 'Dana Owner',
    submitted_at: new Date('2026-11-20T18:00:00Z'),
    ...overrides,
  });
}

function seedCompanies() {
  for (const [id, name] of [
    ['cloud9', 'Cloud Nine Smokeshop'],
    ['smoke', 'Smoke City'],
  ]) {
    fakeDb.seed(`companies/${id}`, {
      name,
      business_type: 'retailer',
      seller_permit_id: 'SP-1',
      status: 'approved',
      created_by: id,
      created_at: new Date('2025-01-01'),
    });
  }
}

beforeEach(() => {
  tax.callReviewTaxCertificate.mockReset();
  storage.ref.mockClear();
  storage.getBlob.mockReset().mockResolvedValue(new Blob(['%PDF-'], { type: 'application/pdf' }));
  URL.createObjectURL = vi.fn(() => 'blob:certificate');
  URL.revokeObjectURL = vi.fn();
  seedCompanies();
});

const renderPanel = () => renderWithProviders(<CertificatesPanel />);

function rows() {
  return within(screen.getByRole('table', { name: 'Resale certificates' }))
    .getAllByRole('row')
    .slice(1);
}

async function openReview(label: RegExp) {
  await user.click(await screen.findByRole('button', { name: label }));
  return within(await screen.findByRole('dialog', { name: /certificate/ }));
}

describe('the Certificates tab', () => {
  it('lists the pending certificates, newest first, with company, state, number, expiry and who submitted them', async () => {
    seedCertificate('old', { number: 'CA-OLD', submitted_at: new Date('2026-11-01T18:00:00Z') });
    seedCertificate('new', {
      company_id: 'smoke',
      state: 'NV',
      number: 'NV-NEW',
      expires_on: null,
      submitted_by_name: 'Sam Smoke',
      submitted_at: new Date('2026-11-21T18:00:00Z'),
    });
    seedCertificate('done', { status: 'approved', number: 'CA-DONE' });
    renderPanel();
    await screen.findByText('NV-NEW');
    expect(rows().map((row) => within(row).getAllByRole('cell')[2]!.textContent)).toEqual([
      'NV-NEW',
      'CA-OLD',
    ]);
    const first = within(rows()[0]!);
    expect(await first.findByRole('link', { name: 'Smoke City' })).toHaveAttribute(
      'href',
      '/admin/companies/smoke',
    );
    expect(first.getByText('Does not expire')).toBeInTheDocument();
    expect(first.getByText('Sam Smoke')).toBeInTheDocument();
    expect(first.getByText('Pending review')).toBeInTheDocument();
    expect(within(rows()[1]!).getByText('Dec 31, 2099')).toBeInTheDocument();
    const read = fakeDb.calls.find((call) => call.path === 'tax_certificates');
    expect(read?.constraints).toEqual([
      { type: 'where', field: 'status', op: '==', value: 'pending' },
      { type: 'orderBy', field: 'submitted_at', direction: 'desc' },
      { type: 'limit', count: 300 },
    ]);
  });

  it('filters by status; All shows the pending ones first, then newest first', async () => {
    seedCertificate('p1', { number: 'P-OLD', submitted_at: new Date('2026-10-01') });
    seedCertificate('a1', {
      number: 'A-NEW',
      status: 'approved',
      submitted_at: new Date('2026-11-20'),
    });
    seedCertificate('r1', {
      number: 'R-MID',
      status: 'rejected',
      rejection_reason: 'Blurry',
      submitted_at: new Date('2026-11-10'),
    });
    seedCertificate('e1', {
      number: 'E-1',
      status: 'approved',
      expires_on: '2020-01-01',
      submitted_at: new Date('2026-09-01'),
    });
    renderPanel();
    await screen.findByText('P-OLD');
    await user.click(screen.getByRole('radio', { name: 'Rejected' }));
    await screen.findByText('R-MID');
    expect(rows()).toHaveLength(1);
    await user.click(screen.getByRole('radio', { name: 'Approved' }));
    await screen.findByText('A-NEW');
    expect(within(rows()[1]!).getByText('Expired')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'All' }));
    await screen.findByText('P-OLD');
    await waitFor(() =>
      expect(rows().map((row) => within(row).getAllByRole('cell')[2]!.textContent)).toEqual([
        'P-OLD',
        'A-NEW',
        'R-MID',
        'E-1',
      ]),
    );
  });

  it('says when nothing waits for review', async () => {
    renderPanel();
    expect(await screen.findByText('No certificates are waiting for review.')).toBeInTheDocument();
  });

  it('shows a PDF in a frame and an image in an img, read from Storage', async () => {
    seedCertificate('pdf1', { number: 'PDF-1' });
    seedCertificate('png1', {
      number: 'PNG-1',
      content_type: 'image/png',
      submitted_at: new Date('2026-11-01'),
    });
    renderPanel();
    let drawer = await openReview(/^Review the CA certificate PDF-1/);
    const frame = await drawer.findByTitle('File of the CA certificate PDF-1');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', 'blob:certificate');
    expect(drawer.queryByRole('img', { name: /File of/ })).not.toBeInTheDocument();
    expect(storage.ref).toHaveBeenCalledWith(
      { fake: true },
      'tax-certificates/cloud9/pdf1/certificate',
    );
    expect(drawer.getByText('pdf1.pdf (2.0 MB)')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:certificate'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    storage.getBlob.mockResolvedValue(new Blob(['png'], { type: 'image/png' }));
    drawer = await openReview(/^Review the CA certificate PNG-1/);
    const image = await drawer.findByRole('img', { name: 'File of the CA certificate PNG-1' });
    expect(image.tagName).toBe('IMG');
    expect(image).toHaveAttribute('src', 'blob:certificate');
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('approves a pending certificate, with a toast, and reads the queue again', async () => {
    seedCertificate('c1', { number: 'SR-1' });
    tax.callReviewTaxCertificate.mockImplementation(async () => {
      fakeDb.seed('tax_certificates/c1', {
        ...fakeDb.get('tax_certificates/c1'),
        status: 'approved',
      });
      return { certificateId: 'c1', status: 'approved' };
    });
    renderPanel();
    const drawer = await openReview(/^Review the CA certificate SR-1/);
    await user.click(drawer.getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(tax.callReviewTaxCertificate).toHaveBeenCalledWith({
        certificateId: 'c1',
        decision: 'approve',
      }),
    );
    await expectToast(
      'Certificate approved',
      'The CA certificate SR-1 of Cloud Nine Smokeshop is approved.',
    );
    expect(await screen.findByText('No certificates are waiting for review.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Resale certificates' })).toHaveFocus(),
    );
  });

  it('asks for a reason to reject (required, up to 500 characters), and shows a refusal', async () => {
    seedCertificate('c1', { number: 'SR-1' });
    tax.callReviewTaxCertificate
      .mockRejectedValueOnce(
        Object.assign(new Error(`${TAX_MESSAGES.notPending} [400]`), {
          code: 'functions/failed-precondition',
        }),
      )
      .mockResolvedValueOnce({ certificateId: 'c1', status: 'rejected' });
    renderPanel();
    const drawer = await openReview(/^Review the CA certificate SR-1/);
    await user.click(drawer.getByRole('button', { name: 'Reject' }));
    // antd's ids are all 'test-id' under test, so the dialog is found by its form's name.
    const dialog = within(
      (await screen.findByRole('form', { name: 'Reject the CA certificate SR-1' })).closest(
        '[role=dialog]',
      ) as HTMLElement,
    );
    const reason = dialog.getByLabelText('Reason');
    await waitFor(() => expect(reason).toHaveFocus());
    await user.click(dialog.getByRole('button', { name: 'Reject certificate' }));
    expect(await dialog.findByText(TAX_MESSAGES.reason)).toBeInTheDocument();
    await user.type(reason, '   ');
    await user.click(dialog.getByRole('button', { name: 'Reject certificate' }));
    expect(await dialog.findByText(TAX_MESSAGES.reason)).toBeInTheDocument();
    expect(tax.callReviewTaxCertificate).not.toHaveBeenCalled();
    expect(reason).toHaveAttribute('maxlength', '500');

    await user.clear(reason);
    await user.type(reason, 'The number does not match the permit.');
    await user.click(dialog.getByRole('button', { name: 'Reject certificate' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(TAX_MESSAGES.notPending);
    await user.click(dialog.getByRole('button', { name: 'Reject certificate' }));
    await waitFor(() =>
      expect(tax.callReviewTaxCertificate).toHaveBeenLastCalledWith({
        certificateId: 'c1',
        decision: 'reject',
        reason: 'The number does not match the permit.',
      }),
    );
    await expectToast(
      'Certificate rejected',
      'The CA certificate SR-1 of Cloud Nine Smokeshop is rejected.',
    );
  });

  it('offers no decision on a certificate already reviewed, and shows its reason', async () => {
    seedCertificate('r1', { number: 'R-1', status: 'rejected', rejection_reason: 'Blurry scan' });
    renderPanel();
    await user.click(await screen.findByRole('radio', { name: 'Rejected' }));
    const drawer = await openReview(/^View the CA certificate R-1/);
    expect(drawer.getByText('Blurry scan')).toBeInTheDocument();
    expect(drawer.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(drawer.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
  });
});
