import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { FileTrigger, Label, Slider, SliderOutput, SliderThumb, SliderTrack } from 'react-aria-components';
import { useAlerts } from '../../app/alerts/use-alerts.ts';
import { Alert } from '../ui/alert.tsx';
import { Avatar } from '../ui/avatar.tsx';
import { Button } from '../ui/button.tsx';
import {
  AVATAR_TYPE_ERROR,
  AVATAR_TYPES,
  type Crop,
  dragCrop,
  drawCrop,
  INITIAL_CROP,
  MAX_ZOOM,
  renderAvatar,
} from './avatar-crop.ts';
import styles from './avatar-upload.module.css';

/** The largest picture the browser is asked to open (it is scaled down to 256 px before sending). */
const MAX_SOURCE_BYTES = 20 * 1024 * 1024;
const PREVIEW_SIDE = 240;

type Picked = { image: HTMLImageElement; width: number; height: number; url: string };

/** Opens a chosen file as an image; throws the words to show when it is none the browser can draw. */
async function openImage(file: File): Promise<Picked> {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) throw new Error(AVATAR_TYPE_ERROR);
  if (file.size > MAX_SOURCE_BYTES) {
    throw new Error('Choose a picture of at most 20 MiB: it is scaled down to 256 × 256 pixels before it is sent.');
  }
  const url = URL.createObjectURL(file);
  const image = new Image();
  image.src = url;
  try {
    await image.decode();
  } catch {
    URL.revokeObjectURL(url);
    throw new Error('This file could not be opened as a picture. Choose another one.');
  }
  return { image, width: image.naturalWidth, height: image.naturalHeight, url };
}

type AvatarUploadProps = {
  /** Whose avatar: the initial, the tone and the picture now. */
  subject: { id: string; name: string; avatarUrl: string | null };
  /** People round, groups and projects square. */
  shape?: 'round' | 'square';
  /** Sends the square drawn from the chosen picture (GitLab's multipart `avatar`). */
  upload: (file: File) => Promise<unknown>;
  remove: () => Promise<unknown>;
  /** The crop's save button: 'Set new profile picture', 'Set new avatar'. */
  saveLabel: string;
  /** Called after a change (a refetch), before the success message. */
  onChanged: () => unknown;
};

/** The server's words for a failed request (`messages` of the profile's requests, the message of REST's). */
function failureTexts(caught: unknown): string[] {
  const messages = (caught as { messages?: unknown }).messages;
  if (Array.isArray(messages) && messages.length > 0) return messages.map(String);
  if (caught instanceof Error && caught.message) return [caught.message];
  return ['Something went wrong. Try again.'];
}

/**
 * THE avatar upload of users, groups and projects: choose a picture, position and size the square
 * to keep (drag or arrow keys, zoom), and save it; or remove the avatar. The page says where it goes.
 */
export function AvatarUpload({ subject, shape = 'round', upload, remove, saveLabel, onChanged }: AvatarUploadProps) {
  const { pushAlert } = useAlerts();
  const [picked, setPicked] = useState<Picked | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  useEffect(() => () => (picked ? URL.revokeObjectURL(picked.url) : undefined), [picked]);

  const handleSelect = async (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    setErrors([]);
    try {
      setPicked(await openImage(file));
    } catch (caught) {
      setErrors([(caught as Error).message]);
    }
  };

  const run = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setErrors([]);
    try {
      await work();
      setPicked(null);
      await onChanged();
      pushAlert({ variant: 'success', message: done });
    } catch (caught) {
      setErrors(failureTexts(caught));
    } finally {
      setBusy(false);
    }
  };

  const save = (crop: Crop) =>
    run(async () => {
      if (!picked) return;
      const file = await renderAvatar(picked.image, picked.width, picked.height, crop);
      if (!file) throw new Error('Your browser could not draw the picture. Try another one.');
      await upload(file);
    }, 'Avatar was successfully updated.');

  return (
    <>
      <div className={styles.avatarRow}>
        <Avatar name={subject.name} src={subject.avatarUrl} seed={subject.id} size="xl" shape={shape} />
        <div className={styles.avatarActions}>
          <p className={styles.meta}>PNG, JPEG, GIF or WebP. The maximum file size allowed is 200 KiB.</p>
          <div className={styles.buttons}>
            <FileTrigger acceptedFileTypes={[...AVATAR_TYPES]} onSelect={handleSelect}>
              <Button isDisabled={busy}>Choose file…</Button>
            </FileTrigger>
            {subject.avatarUrl && (
              <Button
                variant="tertiary"
                isDisabled={busy}
                onPress={() => run(remove, 'Avatar was successfully removed.')}
              >
                Remove avatar
              </Button>
            )}
          </div>
        </div>
      </div>
      {errors.length > 0 && <Alert variant="danger">{errors.join(' ')}</Alert>}
      {picked && (
        <AvatarCropper
          picked={picked}
          busy={busy}
          shape={shape}
          saveLabel={saveLabel}
          onSave={save}
          onCancel={() => setPicked(null)}
        />
      )}
    </>
  );
}

type CropperProps = {
  picked: Picked;
  busy: boolean;
  shape: 'round' | 'square';
  saveLabel: string;
  onSave: (crop: Crop) => void;
  onCancel: () => void;
};

/** The square to keep: drag the picture (or the arrow keys on it) to move it, the slider to zoom. */
function AvatarCropper({ picked, busy, shape, saveLabel, onSave, onCancel }: CropperProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drag = useRef<{ x: number; y: number } | null>(null);
  const [crop, setCrop] = useState<Crop>(INITIAL_CROP);

  useEffect(() => {
    if (canvas.current) drawCrop(canvas.current, picked.image, picked.width, picked.height, crop);
  }, [picked, crop]);

  const move = (dx: number, dy: number) =>
    setCrop((c) => dragCrop(picked.width, picked.height, c, dx, dy, PREVIEW_SIDE));

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drag.current) return;
    move(event.clientX - drag.current.x, event.clientY - drag.current.y);
    drag.current = { x: event.clientX, y: event.clientY };
  };
  const onKeyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
    const step = event.shiftKey ? 40 : 10;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [step, 0],
      ArrowRight: [-step, 0],
      ArrowUp: [0, step],
      ArrowDown: [0, -step],
    };
    const by = moves[event.key];
    if (!by) return;
    event.preventDefault();
    move(...by);
  };

  return (
    <fieldset className={styles.cropper}>
      <legend className={styles.cropTitle}>Position and size your new avatar</legend>
      <canvas
        ref={canvas}
        width={PREVIEW_SIDE}
        height={PREVIEW_SIDE}
        className={styles.preview}
        data-shape={shape}
        role="img"
        aria-label="The new avatar. Drag the picture, or use the arrow keys, to move it."
        tabIndex={0}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => {
          drag.current = null;
        }}
        onKeyDown={onKeyDown}
      />
      <Slider
        className={styles.slider}
        minValue={1}
        maxValue={MAX_ZOOM}
        step={0.05}
        value={crop.zoom}
        onChange={(zoom) => setCrop((c) => ({ ...c, zoom: zoom as number }))}
      >
        <div className={styles.sliderLabels}>
          <Label>Zoom</Label>
          <SliderOutput>{({ state }) => `${Math.round((state.values[0] ?? 1) * 100)}%`}</SliderOutput>
        </div>
        <SliderTrack className={styles.track}>
          <SliderThumb className={styles.thumb} />
        </SliderTrack>
      </Slider>
      <div className={styles.buttons}>
        <Button variant="primary" isDisabled={busy} onPress={() => onSave(crop)}>
          {busy ? 'Saving…' : saveLabel}
        </Button>
        <Button isDisabled={busy} onPress={onCancel}>
          Cancel
        </Button>
      </div>
    </fieldset>
  );
}
