// Reads QR codes from the camera: the browser's BarcodeDetector where it has one, else the jsQR
// decoder (downloaded only then). Loaded only when the door opens the camera.

interface Detector {
  detect(source: CanvasImageSource): Promise<Array<{ rawValue: string }>>;
}

type DetectorClass = { new (options: { formats: string[] }): Detector; getSupportedFormats?: () => Promise<string[]> };

async function nativeDetector(): Promise<Detector | null> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Native) return null;
  const formats = (await Native.getSupportedFormats?.()) ?? ['qr_code'];
  return formats.includes('qr_code') ? new Native({ formats: ['qr_code'] }) : null;
}

async function jsQrDetector(): Promise<Detector> {
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  return {
    async detect(source) {
      const video = source as HTMLVideoElement;
      if (!video.videoWidth) return [];
      canvas.width = video.videoWidth;
      canvas.height = video.videoHeight;
      context.drawImage(video, 0, 0);
      const image = context.getImageData(0, 0, canvas.width, canvas.height);
      const code = jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' });
      return code ? [{ rawValue: code.data }] : [];
    },
  };
}

/** Starts the back camera in `video` and calls `onCode` with each code read; returns the stop. */
export async function startScanner(video: HTMLVideoElement, onCode: (text: string) => void): Promise<() => void> {
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
  video.srcObject = stream;
  video.setAttribute('playsinline', 'true');
  await video.play();
  const detector = (await nativeDetector()) ?? (await jsQrDetector());
  let stopped = false;
  let last = '';
  const tick = async () => {
    if (stopped) return;
    try {
      const [code] = await detector.detect(video);
      // The same pass held in front of the camera is read once.
      if (code && code.rawValue !== last) {
        last = code.rawValue;
        onCode(code.rawValue);
      }
    } catch {
      // A frame that could not be read: the next one may.
    }
    setTimeout(() => void tick(), 250);
  };
  void tick();
  return () => {
    stopped = true;
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  };
}
