import { Alert } from './alert';
import { Spinner } from './app-loading';
import { Button } from './button';
import './file-preview.css';

/**
 * A document shown inline from an object URL: an image as an <img>, a PDF in an <iframe> (the
 * browser's own PDF viewer), with a link that opens it in a tab of its own.
 */
export function FilePreview({
  url,
  contentType,
  title,
}: {
  url: string;
  contentType: string;
  /** What the file is (the image's alt text, the frame's title). */
  title: string;
}) {
  return (
    <div className="file-preview">
      {contentType.startsWith('image/') ? (
        <img className="file-preview__image" src={url} alt={title} />
      ) : (
        <iframe className="file-preview__frame" src={url} title={title} />
      )}
      <a className="file-preview__open" href={url} target="_blank" rel="noopener noreferrer">
        Open in a new tab
      </a>
    </div>
  );
}

/** A file being read for FilePreview: reading, read (its object URL), or failed (read again). */
export type FileReading =
  | { status: 'loading'; url: null; retry: () => void }
  | { status: 'ready'; url: string; retry: () => void }
  | { status: 'error'; url: null; retry: () => void };

/**
 * FilePreview of a file being read: "Opening the file…" meanwhile, `failed` with Try Again when
 * it cannot be read.
 */
export function FileReadingPreview({
  file,
  contentType,
  title,
  failed,
}: {
  file: FileReading;
  contentType: string;
  title: string;
  /** What a failed read says. */
  failed: string;
}) {
  if (file.status === 'loading') {
    return (
      <div className="file-preview__loading" role="status">
        <Spinner />
        <span>Opening the file…</span>
      </div>
    );
  }
  if (file.status === 'error') {
    return (
      <Alert
        type="error"
        role="alert"
        title={failed}
        action={<Button onClick={file.retry}>Try Again</Button>}
      />
    );
  }
  return <FilePreview url={file.url} contentType={contentType} title={title} />;
}
