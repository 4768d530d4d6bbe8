import { useTranslation } from '../../../i18n/react';
import { IMAGE_TYPES, MAX_IMAGE_BYTES, MAX_IMAGES } from '../rules';

// A picked image and its preview (an object URL the form releases when the image leaves it).
export interface PickedImage {
  file: File;
  url: string;
}

interface ImagePickerProps {
  images: readonly PickedImage[];
  onPick: (files: File[]) => void;
  onRemove: (index: number) => void;
  disabled: boolean;
}

// Up to three images, each shown as a preview with a remove button.
export function ImagePicker({ images, onPick, onRemove, disabled }: ImagePickerProps) {
  const { t } = useTranslation();
  return (
    <div className="feedback-images">
      {images.length > 0 && (
        <ul className="feedback-previews">
          {images.map((image, i) => (
            <li key={image.url} className="feedback-preview">
              <img src={image.url} alt={image.file.name} />
              <button type="button" className="feedback-remove" disabled={disabled} onClick={() => onRemove(i)}
                aria-label={t('feedback.removeImage', { name: image.file.name })}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {images.length < MAX_IMAGES && (
        <label className="button button-ghost button-small feedback-add">
          {t('feedback.addImages')}
          <input type="file" className="visually-hidden" accept={IMAGE_TYPES.join(',')} multiple disabled={disabled}
            data-testid="feedback-files"
            onChange={(event) => {
              onPick(Array.from(event.target.files ?? []));
              event.target.value = ''; // the same file may be picked again after it was removed
            }} />
        </label>
      )}
      <p className="muted feedback-hint">{t('feedback.imageHint', { max: MAX_IMAGES, megabytes: MAX_IMAGE_BYTES / 1024 / 1024 })}</p>
    </div>
  );
}
