import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import {
  useDeleteSupportItem,
  useEditableSupportContent,
  useSaveSupportItem,
} from '@/entities/support';
import { failed, loaded, makeTutorial, stub } from '../testing/stubs';
import { TutorialsPanel } from './tutorials-panel';

vi.mock('@/entities/support', { spy: true });

// Modal forms are heavy in the test DOM; give them room on a busy machine.
vi.setConfig({ testTimeout: 40_000 });

const save = vi.fn();
const remove = vi.fn();
// No pointer-events check: it calls getComputedStyle on every ancestor, slow in the test DOM
// under antd's CSS.
const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });

async function fill(input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

const cleaning = makeTutorial();
const setup = makeTutorial({
  id: 'tut-2',
  title: 'Setting up the LED machine',
  category: 'Setup',
  video_url: 'https://videos.example/setup',
});

beforeEach(() => {
  save.mockReset();
  remove.mockReset();
  vi.mocked(useSaveSupportItem).mockReturnValue(
    stub<typeof useSaveSupportItem>({ mutateAsync: save, isPending: false }),
  );
  vi.mocked(useDeleteSupportItem).mockReturnValue(
    stub<typeof useDeleteSupportItem>({ mutateAsync: remove, isPending: false }),
  );
  vi.mocked(useEditableSupportContent).mockReturnValue(
    stub<typeof useEditableSupportContent>(loaded([cleaning, setup])),
  );
});

describe('TutorialsPanel', () => {
  it('lists tutorials with title, category and a video link', () => {
    renderWithProviders(<TutorialsPanel />);
    expect(screen.getByText('Cleaning your slushie machine')).toBeInTheDocument();
    expect(screen.getByText('Maintenance')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Open video: Setting up the LED machine' });
    expect(link).toHaveAttribute('href', 'https://videos.example/setup');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('adds a tutorial', async () => {
    save.mockResolvedValue('new');
    renderWithProviders(<TutorialsPanel />);
    await user.click(screen.getByRole('button', { name: /Add Tutorial/ }));
    const d = within(await screen.findByRole('dialog'));
    await fill(d.getByLabelText('Title'), 'Descaling');
    await fill(d.getByLabelText('Category'), 'Maintenance');
    await fill(d.getByLabelText('Video URL'), 'https://videos.example/descale');
    await user.click(d.getByRole('button', { name: 'Add Tutorial' }));
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith({
        id: undefined,
        data: {
          title: 'Descaling',
          category: 'Maintenance',
          video_url: 'https://videos.example/descale',
        },
      }),
    );
    expect(await screen.findByText('Tutorial added successfully')).toBeInTheDocument();
  });

  it('refuses a missing title and a non-http video URL', async () => {
    renderWithProviders(<TutorialsPanel />);
    await user.click(screen.getByRole('button', { name: /Add Tutorial/ }));
    const d = within(await screen.findByRole('dialog'));
    await fill(d.getByLabelText('Category'), 'Setup');
    await fill(d.getByLabelText('Video URL'), 'javascript:alert(1)');
    await user.click(d.getByRole('button', { name: 'Add Tutorial' }));
    expect(await d.findByText('Title is required')).toBeInTheDocument();
    expect(d.getByText('Enter a valid http(s) video URL')).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
  });

  it('edits a tutorial', async () => {
    save.mockResolvedValue('tut-2');
    renderWithProviders(<TutorialsPanel />);
    await user.click(screen.getByRole('button', { name: 'Edit Setting up the LED machine' }));
    const d = within(await screen.findByRole('dialog'));
    const title = d.getByLabelText('Title');
    expect(title).toHaveValue('Setting up the LED machine');
    await user.clear(title);
    await fill(title, 'LED machine setup');
    await user.click(d.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith({
        id: 'tut-2',
        data: {
          title: 'LED machine setup',
          category: 'Setup',
          video_url: 'https://videos.example/setup',
        },
      }),
    );
    expect(await screen.findByText('Tutorial updated successfully')).toBeInTheDocument();
  });

  it('deletes only after a confirmation', async () => {
    remove.mockResolvedValue(undefined);
    renderWithProviders(<TutorialsPanel />);
    await user.click(screen.getByRole('button', { name: 'Delete Cleaning your slushie machine' }));
    expect(remove).not.toHaveBeenCalled();
    const confirm = await screen.findByRole('alertdialog');
    expect(
      within(confirm).getByText('Delete "Cleaning your slushie machine"?'),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(remove).toHaveBeenCalledWith('tut-1');
    expect(await screen.findByText('Tutorial removed successfully')).toBeInTheDocument();
  });

  it('toasts when deleting fails', async () => {
    remove.mockRejectedValue(new Error('permission-denied'));
    renderWithProviders(<TutorialsPanel />);
    await user.click(screen.getByRole('button', { name: 'Delete Cleaning your slushie machine' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Failed to remove tutorial')).toBeInTheDocument();
  });

  it("toasts 'Failed to fetch data' when tutorials cannot load", async () => {
    vi.mocked(useEditableSupportContent).mockReturnValue(
      stub<typeof useEditableSupportContent>(failed()),
    );
    renderWithProviders(<TutorialsPanel />);
    expect(await screen.findByText('Failed to fetch data')).toBeInTheDocument();
  });
});
