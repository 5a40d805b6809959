import {
  ArrowLeftOutlined,
  ArrowRightOutlined,
  DeleteOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import {
  imageSource,
  LIMITS,
  newPhotoId,
  photoFileProblem,
  productPhotoPath,
  PRODUCT_PHOTO_ACCEPT,
  type ImageSizes,
} from '@portal/domain';
import { Button, Progress, Typography, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { waitForProductPhoto } from '@/entities/catalog';
import { uploadPhoto } from './photo-upload';

/** Photos in the form: the main photo first, then up to LIMITS.productImages more. */
const MAX_PHOTOS = LIMITS.productImages + 1;

interface Pending {
  key: string;
  name: string;
  preview: string;
  percent: number;
  /** 'uploading' while the bytes go up; 'checking' while the functions check it and make sizes. */
  phase: 'uploading' | 'checking';
}

const randomBytes = (n: number) => crypto.getRandomValues(new Uint8Array(n));

/**
 * The product's photos: uploaded to Cloud Storage (a JPEG, PNG or WebP of up to 5 MB, checked here
 * first and again by the functions), shown as thumbnails with the main one first, each movable
 * and removable. `images` are the product's image references in order (an uploaded photo's path,
 * or the URL of an older product's image); a new upload joins them once the functions have made
 * its sizes, so the product never refers to a photo that was refused. `sizes` are the sizes
 * already made (the product's image_sizes, plus those of this form's uploads).
 */
export function PhotosField({
  productId,
  images,
  sizes,
  onChange,
  onBusyChange,
  error,
}: {
  productId: string;
  images: readonly string[];
  sizes: ImageSizes | undefined;
  onChange: (images: string[]) => void;
  onBusyChange?: (busy: boolean) => void;
  error?: string;
}) {
  const [pending, setPending] = useState<Pending[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [made, setMade] = useState<ImageSizes>({});
  // The images as they are when an upload finishes (others may have finished meanwhile).
  const latest = useRef(images);
  useEffect(() => {
    latest.current = images;
  }, [images]);
  const aborter = useRef(new AbortController());
  useEffect(() => {
    const controller = aborter.current;
    return () => controller.abort();
  }, []);
  useEffect(() => {
    onBusyChange?.(pending.length > 0);
  }, [pending.length, onBusyChange]);

  const allSizes: ImageSizes = { ...sizes, ...made };
  const full = images.length + pending.length >= MAX_PHOTOS;

  const update = (key: string, change: Partial<Pending>) =>
    setPending((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));
  const drop = (key: string) => setPending((list) => list.filter((item) => item.key !== key));

  async function upload(file: File) {
    const photoId = newPhotoId(randomBytes);
    const path = productPhotoPath(productId, photoId);
    const key = photoId;
    const preview = URL.createObjectURL(file);
    setPending((list) => [
      ...list,
      { key, name: file.name, preview, percent: 0, phase: 'uploading' },
    ]);
    try {
      await uploadPhoto(path, file, (percent) => update(key, { percent }));
      update(key, { percent: 100, phase: 'checking' });
      const verdict = await waitForProductPhoto(photoId, { signal: aborter.current.signal });
      if (verdict.status === 'refused') {
        setProblems((list) => [...list, `${file.name} ${verdict.message}`]);
      } else {
        setMade((all) => ({ ...all, [photoId]: verdict.sizes }));
        onChange([...latest.current, path]);
      }
    } catch (caught) {
      if (aborter.current.signal.aborted) return;
      setProblems((list) => [
        ...list,
        `${file.name} could not be uploaded. Check your connection and try again.`,
      ]);
      console.error(caught);
    } finally {
      URL.revokeObjectURL(preview);
      drop(key);
    }
  }

  const move = (from: number, to: number) => {
    const next = [...images];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    onChange(next);
  };

  return (
    <fieldset className="photos-field" aria-describedby="product-photos-help">
      <legend className="price-breaks__legend">Photos</legend>
      <Typography.Text type="secondary" id="product-photos-help" className="photos-field__help">
        JPEG, PNG or WebP, up to 5 MB each. The first photo is the main one, on the store card.
      </Typography.Text>
      <ul className="photos-field__list" aria-label="Product photos">
        {images.map((image, index) => {
          const source = imageSource(image, allSizes, 160);
          const label = index === 0 ? 'Main photo' : `Photo ${index + 1}`;
          return (
            <li key={`${image}-${index}`} className="photos-field__item">
              {source ? (
                <img
                  src={source.src}
                  srcSet={source.srcSet}
                  sizes="96px"
                  alt={label}
                  className="photos-field__thumb"
                />
              ) : (
                <div
                  className="photos-field__thumb photos-field__thumb--missing"
                  role="img"
                  aria-label={`${label}: sizes not made yet`}
                />
              )}
              <span className="photos-field__label">{label}</span>
              <div className="photos-field__actions">
                <Button
                  size="small"
                  icon={<ArrowLeftOutlined />}
                  aria-label={`Move ${label.toLowerCase()} earlier`}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                />
                <Button
                  size="small"
                  icon={<ArrowRightOutlined />}
                  aria-label={`Move ${label.toLowerCase()} later`}
                  disabled={index === images.length - 1}
                  onClick={() => move(index, index + 1)}
                />
                <Button
                  size="small"
                  icon={<DeleteOutlined />}
                  aria-label={`Remove ${label.toLowerCase()}`}
                  onClick={() => onChange(images.filter((_, i) => i !== index))}
                />
              </div>
            </li>
          );
        })}
        {pending.map((item) => (
          <li key={item.key} className="photos-field__item" aria-busy="true">
            <img
              src={item.preview}
              alt={`${item.name} (uploading)`}
              className="photos-field__thumb"
            />
            <Progress
              percent={item.percent}
              size="small"
              status="active"
              aria-label={`Uploading ${item.name}`}
            />
            <span className="photos-field__label" role="status">
              {item.phase === 'uploading' ? `Uploading ${item.percent}%` : 'Making sizes…'}
            </span>
          </li>
        ))}
      </ul>
      <Upload
        accept={PRODUCT_PHOTO_ACCEPT}
        multiple
        showUploadList={false}
        disabled={full}
        beforeUpload={(file) => {
          const problem = photoFileProblem(file);
          if (problem) setProblems((list) => [...list, problem]);
          else void upload(file);
          // The upload is ours (uploadPhoto), never antd's request.
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} disabled={full}>
          {full ? `At most ${MAX_PHOTOS} photos` : 'Upload photos'}
        </Button>
      </Upload>
      {(problems.length > 0 || error) && (
        <div role="alert" className="photos-field__problems">
          {error && <Typography.Text type="danger">{error}</Typography.Text>}
          {problems.map((problem, i) => (
            <Typography.Text key={i} type="danger">
              {problem}
            </Typography.Text>
          ))}
        </div>
      )}
    </fieldset>
  );
}
