// Which kind of file a media URL is sent as (image, video, audio, file): the definition's mediaType, else a guess from the file name.
import type { MediaType } from '../../engine/index.js';

const BY_EXTENSION: Record<string, MediaType> = {
  jpg: 'image', jpeg: 'image', png: 'image', gif: 'image', webp: 'image', bmp: 'image',
  mp4: 'video', mov: 'video', m4v: 'video', webm: 'video', '3gp': 'video',
  mp3: 'audio', m4a: 'audio', aac: 'audio', ogg: 'audio', oga: 'audio', wav: 'audio', amr: 'audio', opus: 'audio',
};

export function mediaKind(url: string, declared: MediaType | null): MediaType {
  if (declared !== null) return declared;
  let path = url;
  try { path = new URL(url).pathname; } catch { /* not a URL: read it as a path */ }
  const extension = /\.([a-z0-9]{2,4})$/i.exec(path)?.[1]?.toLowerCase();
  return (extension === undefined ? undefined : BY_EXTENSION[extension]) ?? 'file';
}
