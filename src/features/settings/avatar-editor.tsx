// The avatar on /setting/set: Upload photo picks a PNG, JPEG or WebP image of at most 2 MB (through
// a hidden file input), which is moved and zoomed inside a square, previewed, and uploaded as that
// square at AVATAR_SIZE_PX (the server checks type, bytes and size again).
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Avatar, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Upload } from 'lucide-react';
import { ACCOUNT_SETTINGS_MESSAGES, AVATAR_MAX_BYTES, AVATAR_SIZE_PX, AVATAR_TYPES } from '../../../contract/protocol/account-settings-rules';
import { showSuccess } from '../../components/toaster';
import { SUCCESS } from '../../lib/messages';
import { readDataUrl } from '../../lib/read-data-url';
import { useFleetConsole } from '../../lib/services';

const BOX_PX = 200;

interface Picture {
  image: HTMLImageElement;
  type: string;
}

const loadImage = (src: string) =>
  new Promise<HTMLImageElement>((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(ACCOUNT_SETTINGS_MESSAGES.avatarType));
    image.src = src;
  });

/** Where the picture sits in the square: its scale and its top-left corner, kept covering the square. */
function placement(picture: Picture, zoom: number, at: { x: number; y: number }) {
  const { naturalWidth: w, naturalHeight: h } = picture.image;
  const scale = Math.max(BOX_PX / w, BOX_PX / h) * zoom;
  const clamp = (v: number, size: number) => Math.min(0, Math.max(BOX_PX - size * scale, v));
  return { scale, x: clamp(at.x, w), y: clamp(at.y, h) };
}

function croppedDataUrl(picture: Picture, zoom: number, at: { x: number; y: number }): string {
  const { scale, x, y } = placement(picture, zoom, at);
  const canvas = document.createElement('canvas');
  canvas.width = AVATAR_SIZE_PX;
  canvas.height = AVATAR_SIZE_PX;
  const context = canvas.getContext('2d')!;
  const keepsAlpha = picture.type === 'image/png';
  if (!keepsAlpha) {
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, AVATAR_SIZE_PX, AVATAR_SIZE_PX);
  }
  context.drawImage(picture.image, -x / scale, -y / scale, BOX_PX / scale, BOX_PX / scale, 0, 0, AVATAR_SIZE_PX, AVATAR_SIZE_PX);
  return canvas.toDataURL(keepsAlpha ? 'image/png' : 'image/jpeg', 0.9);
}

export function AvatarEditor(props: { avatar: string | null; canSave: boolean }) {
  const { profile } = useFleetConsole();
  const [picture, setPicture] = useState<Picture | null>(null);
  const [zoom, setZoom] = useState(1);
  const [at, setAt] = useState({ x: 0, y: 0 });
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const drag = useRef<{ x: number; y: number } | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const choose = async (file: File | undefined) => {
    // Emptied at once, so choosing the same file again (after Cancel) is a choice too.
    if (input.current) input.current.value = '';
    if (!file) return;
    if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return setProblem(ACCOUNT_SETTINGS_MESSAGES.avatarType);
    if (file.size > AVATAR_MAX_BYTES) return setProblem(ACCOUNT_SETTINGS_MESSAGES.avatarSize);
    try {
      const image = await loadImage(await readDataUrl(file));
      const chosen = { image, type: file.type };
      const start = placement(chosen, 1, { x: 0, y: 0 });
      setPicture(chosen);
      setZoom(1);
      // Centred: the middle of the picture in the middle of the square.
      setAt({ x: (BOX_PX - image.naturalWidth * start.scale) / 2, y: (BOX_PX - image.naturalHeight * start.scale) / 2 });
      setProblem(null);
    } catch {
      setProblem(ACCOUNT_SETTINGS_MESSAGES.avatarType);
    }
  };

  const save = async (avatar: string | null) => {
    setBusy(true);
    try {
      await profile.saveAvatar(avatar);
      showSuccess(SUCCESS.saved);
      setPicture(null);
    } catch {
      // The streams layer has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  const move = (dx: number, dy: number) => setAt((now) => (picture ? placement(picture, zoom, { x: now.x + dx, y: now.y + dy }) : now));
  const onPointerMove = (event: PointerEvent) => {
    if (!drag.current) return;
    move(event.clientX - drag.current.x, event.clientY - drag.current.y);
    drag.current = { x: event.clientX, y: event.clientY };
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const step = { ArrowLeft: [-10, 0], ArrowRight: [10, 0], ArrowUp: [0, -10], ArrowDown: [0, 10] }[event.key];
    if (!step) return;
    event.preventDefault();
    move(step[0]!, step[1]!);
  };
  const shown = picture && placement(picture, zoom, at);

  return (
    <Stack gap="3">
      <HStack gap="4" align="center">
        <Avatar.Root size="2xl" data-testid="settings-avatar">
          <Avatar.Fallback />
          {props.avatar && <Avatar.Image src={props.avatar} alt="Your avatar" />}
        </Avatar.Root>
        {props.canSave && (
          <Stack gap="1">
            <input
              ref={input}
              type="file"
              hidden
              accept={AVATAR_TYPES.join(',')}
              aria-label="Choose an avatar image"
              onChange={(event) => void choose(event.currentTarget.files?.[0])}
            />
            <HStack gap="2">
              <Button size="sm" variant="outline" onClick={() => input.current?.click()}>
                <Upload /> Upload photo
              </Button>
              {props.avatar && !picture && (
                <Button size="sm" variant="ghost" loading={busy} onClick={() => void save(null)}>
                  Remove avatar
                </Button>
              )}
            </HStack>
            <Text fontSize="xs" color="fg.muted">
              PNG, JPEG or WebP, at most 2 MB.
            </Text>
          </Stack>
        )}
      </HStack>
      {problem && (
        <Text color="fg.error" fontSize="sm" role="alert" data-testid="avatar-error">
          {problem}
        </Text>
      )}
      {picture && shown && (
        <Stack gap="2" data-testid="avatar-crop">
          <Text fontSize="sm">Drag the picture (or use the arrow keys) and zoom until the square shows what you want.</Text>
          <Box
            position="relative"
            width={`${BOX_PX}px`}
            height={`${BOX_PX}px`}
            overflow="hidden"
            borderRadius="md"
            borderWidth="2px"
            borderColor="blue.solid"
            cursor="move"
            touchAction="none"
            tabIndex={0}
            role="img"
            aria-label="Avatar crop area"
            onPointerDown={(event) => {
              drag.current = { x: event.clientX, y: event.clientY };
              event.currentTarget.setPointerCapture(event.pointerId);
            }}
            onPointerMove={onPointerMove}
            onPointerUp={() => (drag.current = null)}
            onKeyDown={onKeyDown}
          >
            <img
              src={picture.image.src}
              alt=""
              draggable={false}
              style={{
                position: 'absolute',
                left: shown.x,
                top: shown.y,
                width: picture.image.naturalWidth * shown.scale,
                height: picture.image.naturalHeight * shown.scale,
                maxWidth: 'none',
              }}
            />
          </Box>
          <label>
            <Text as="span" fontSize="sm" me="2">
              Zoom
            </Text>
            <input
              type="range"
              min={1}
              max={4}
              step={0.05}
              value={zoom}
              aria-label="Zoom"
              onChange={(event) => {
                const next = Number(event.currentTarget.value);
                // Zoom about the middle of the square: the point shown there stays there.
                const ratio = placement(picture, next, at).scale / shown.scale;
                const middle = BOX_PX / 2;
                setZoom(next);
                setAt(placement(picture, next, { x: middle - (middle - shown.x) * ratio, y: middle - (middle - shown.y) * ratio }));
              }}
            />
          </label>
          <HStack>
            <Button size="sm" colorPalette="blue" loading={busy} onClick={() => void save(croppedDataUrl(picture, zoom, at))}>
              Save avatar
            </Button>
            <Button size="sm" variant="outline" onClick={() => setPicture(null)}>
              Cancel
            </Button>
          </HStack>
        </Stack>
      )}
    </Stack>
  );
}
