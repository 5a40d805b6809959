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
