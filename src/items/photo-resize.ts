/**
 * Photos are made small on the phone before they travel (spec 02 §5 allows 20 MB; a resident's
 * mobile link does not): drawn on a canvas at most MAX_EDGE pixels on the long side and encoded
 * as JPEG, lowering the quality until it fits MAX_UPLOAD_BYTES. A format the browser cannot draw
 * (HEIF on most Android browsers) is sent as it is, when it fits the server's 20 MB.
 */
export const MAX_UPLOAD_BYTES = 1024 * 1024;
const MAX_EDGE = 1600;
const QUALITIES = [0.85, 0.75, 0.65, 0.5, 0.4];

export interface PreparedPhoto {
  bytes: ArrayBuffer;
  contentType: string;
}

const loadImage = (file: Blob): Promise<HTMLImageElement> =>
  new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      URL.revokeObjectURL(url);
      resolve(img);
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('not drawable'));
    };
    img.src = url;
  });

const toBlob = (canvas: HTMLCanvasElement, quality: number): Promise<Blob | null> =>
  new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));

export const preparePhoto = async (file: File): Promise<PreparedPhoto> => {
  let img: HTMLImageElement;
  try {
    img = await loadImage(file);
  } catch {
    return { bytes: await file.arrayBuffer(), contentType: file.type === 'image/heic' ? 'image/heif' : file.type || 'image/heif' };
  }
  let scale = Math.min(1, MAX_EDGE / Math.max(img.naturalWidth, img.naturalHeight));
  for (;;) {
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(img.naturalWidth * scale));
    canvas.height = Math.max(1, Math.round(img.naturalHeight * scale));
    canvas.getContext('2d')?.drawImage(img, 0, 0, canvas.width, canvas.height);
    for (const q of QUALITIES) {
      const blob = await toBlob(canvas, q);
      if (blob && blob.size <= MAX_UPLOAD_BYTES) return { bytes: await blob.arrayBuffer(), contentType: 'image/jpeg' };
    }
    scale *= 0.7;
  }
};
