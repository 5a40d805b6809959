import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { waitForProductPhoto } from '@/entities/catalog';
import { uploadPhoto } from './photo-upload';
import { PhotosField } from './photos-field';

vi.mock('@/entities/catalog', () => ({ waitForProductPhoto: vi.fn() }));
vi.mock('./photo-upload', () => ({ uploadPhoto: vi.fn() }));

const user = userEvent.setup({
  delay: null,
  pointerEventsCheck: PointerEventsCheckLevel.Never,
  applyAccept: false,
});
const changes = vi.fn();

function Harness({ initial = [] as string[] }) {
  const [images, setImages] = useState<string[]>(initial);
  return (
    <PhotosField
      productId="cups"
      images={images}
      sizes={{ old: [{ width: 160, url: 'https://x/old-160.webp' }] }}
      onChange={(list) => {
        changes(list);
        setImages(list);
      }}
    />
  );
}

function file(name: string, type: string, size: number): File {
  return new File([new Uint8Array(size)], name, { type });
}

const input = () => document.querySelector<HTMLInputElement>('input[type=file]')!;

beforeEach(() => {
  vi.mocked(uploadPhoto).mockReset();
  vi.mocked(waitForProductPhoto).mockReset();
  changes.mockReset();
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

describe('PhotosField', () => {
  it('refuses a 6 MB JPEG and a GIF in the browser, with the rule, and uploads neither', async () => {
    render(<Harness />);
    await user.upload(input(), [
      file('big.jpg', 'image/jpeg', 6 * 1024 * 1024),
      file('anim.gif', 'image/gif', 100),
    ]);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      "big.jpg can't be used. A photo must be a JPEG, PNG or WebP image of up to 5 MB.",
    );
    expect(alert).toHaveTextContent(
      "anim.gif can't be used. A photo must be a JPEG, PNG or WebP image of up to 5 MB.",
    );
    expect(uploadPhoto).not.toHaveBeenCalled();
    expect(changes).not.toHaveBeenCalled();
  });

  it('uploads a photo under the product with progress, then adds it once its sizes are made', async () => {
    let progress: (percent: number) => void = () => undefined;
    let finish: () => void = () => undefined;
    vi.mocked(uploadPhoto).mockImplementation((_path, _file, onProgress) => {
      progress = onProgress;
      return new Promise<void>((resolve) => (finish = resolve));
    });
    vi.mocked(waitForProductPhoto).mockResolvedValue({
      status: 'ready',
      sizes: [{ width: 160, url: 'https://x/new-160.webp' }],
    });
    render(<Harness />);
    await user.upload(input(), file('cup.png', 'image/png', 2048));
    await waitFor(() => expect(uploadPhoto).toHaveBeenCalledTimes(1));
    const [path, sent] = vi.mocked(uploadPhoto).mock.calls[0]!;
    expect(path).toMatch(/^product-photos\/cups\/[A-Za-z0-9]{20}$/);
    expect(sent.name).toBe('cup.png');
    act(() => progress(40));
    expect(await screen.findByText('Uploading 40%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Uploading cup.png' })).toBeInTheDocument();
    await act(async () => finish());
    await waitFor(() => expect(changes).toHaveBeenCalledWith([path]));
    const list = screen.getByRole('list', { name: 'Product photos' });
    expect(within(list).getByRole('img', { name: 'Main photo' })).toHaveAttribute(
      'src',
      'https://x/new-160.webp',
    );
  });

  it("shows the server's refusal and leaves the photos as they were", async () => {
    vi.mocked(uploadPhoto).mockResolvedValue();
    vi.mocked(waitForProductPhoto).mockResolvedValue({
      status: 'refused',
      message:
        'is not a JPEG, PNG or WebP image. A photo must be a JPEG, PNG or WebP image of up to 5 MB.',
    });
    render(<Harness />);
    await user.upload(input(), file('fake.jpg', 'image/jpeg', 100));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'fake.jpg is not a JPEG, PNG or WebP image.',
    );
    expect(changes).not.toHaveBeenCalled();
  });

  it('moves and removes photos with labelled buttons', async () => {
    render(<Harness initial={['product-photos/cups/old', '/images/b.png']} />);
    await user.click(screen.getByRole('button', { name: 'Move photo 2 earlier' }));
    expect(changes).toHaveBeenLastCalledWith(['/images/b.png', 'product-photos/cups/old']);
    await user.click(screen.getByRole('button', { name: 'Remove main photo' }));
    expect(changes).toHaveBeenLastCalledWith(['product-photos/cups/old']);
  });
});
