import { useCallback, useEffect, useLayoutEffect, useRef, useState, type TouchEvent } from 'react';
import { RotateCcw, RotateCw, Undo2, ZoomIn, ZoomOut } from 'lucide-react';
import { texts } from '../texts';

const t = texts.receipts.viewer;

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 5;
const STEP = 1.5;
const clampZoom = (zoom: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));

interface Size {
  width: number;
  height: number;
}

/**
 * A photo of a receipt to read: turned a quarter at a time (phone photos arrive sideways) and
 * enlarged up to five times, by its buttons, by the keyboard (G / Mayús+G to turn, + and - to
 * enlarge, 0 to start over) or by pinching on a touch screen; an enlarged photo scrolls in its
 * frame. The frame is laid out for the turned photo, so nothing is cut off or overlaps the page.
 */
export function ReceiptViewer({ src, alt, href }: { src: string; alt: string; href: string }) {
  const [quarterTurns, setQuarterTurns] = useState(0);
  const [zoom, setZoom] = useState(1);
  const [natural, setNatural] = useState<Size | null>(null);
  const [frameWidth, setFrameWidth] = useState(0);
  const frame = useRef<HTMLDivElement>(null);
  const pinch = useRef<{ distance: number; zoom: number } | null>(null);

  // Another receipt starts upright and whole.
  useEffect(() => {
    setQuarterTurns(0);
    setZoom(1);
    setNatural(null);
  }, [src]);

  useLayoutEffect(() => {
    const element = frame.current;
    if (!element) return;
    // The frame's width follows the window's (the section's grid has no other reason to change).
    const measure = () => setFrameWidth(element.clientWidth);
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);

  const turn = useCallback((by: 1 | -1) => setQuarterTurns((turns) => (turns + by + 4) % 4), []);
  const zoomBy = useCallback((factor: number) => setZoom((current) => clampZoom(current * factor)), []);
  const reset = useCallback(() => {
    setQuarterTurns(0);
    setZoom(1);
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target;
      if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement) return;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const action = {
        g: () => turn(1),
        G: () => turn(-1),
        '+': () => zoomBy(STEP),
        '=': () => zoomBy(STEP),
        '-': () => zoomBy(1 / STEP),
        '0': reset,
      }[event.key];
      if (!action) return;
      event.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [turn, zoomBy, reset]);

  const sideways = quarterTurns % 2 === 1;
  // The turned photo fits the frame's width and 70% of the window's height at zoom 1.
  const turned = natural ? (sideways ? { width: natural.height, height: natural.width } : natural) : null;
  const maxHeight = typeof window === 'undefined' ? 600 : window.innerHeight * 0.7;
  const fit = turned && frameWidth > 0 ? Math.min(frameWidth / turned.width, maxHeight / turned.height, 1) : 0;
  const scale = fit * zoom;
  const box = turned && scale > 0 ? { width: turned.width * scale, height: turned.height * scale } : null;

  const distance = (event: TouchEvent) => {
    const [a, b] = [event.touches[0]!, event.touches[1]!];
    return Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY);
  };
  const onTouchStart = (event: TouchEvent) => {
    if (event.touches.length === 2) pinch.current = { distance: distance(event), zoom };
  };
  const onTouchMove = (event: TouchEvent) => {
    if (event.touches.length !== 2 || !pinch.current) return;
    setZoom(clampZoom((pinch.current.zoom * distance(event)) / pinch.current.distance));
  };
  const onTouchEnd = (event: TouchEvent) => {
    if (event.touches.length < 2) pinch.current = null;
  };

  return (
    <div className="admin-viewer">
      <div className="admin-viewer__tools" role="toolbar" aria-label={t.toolbar}>
        <button type="button" className="admin-viewer__tool" onClick={() => turn(-1)} aria-label={t.turnLeft} title={t.turnLeft}>
          <RotateCcw size={20} aria-hidden="true" />
        </button>
        <button type="button" className="admin-viewer__tool" onClick={() => turn(1)} aria-label={t.turnRight} title={t.turnRight}>
          <RotateCw size={20} aria-hidden="true" />
        </button>
        <button
          type="button"
          className="admin-viewer__tool"
          onClick={() => zoomBy(1 / STEP)}
          disabled={zoom <= MIN_ZOOM}
          aria-label={t.zoomOut}
          title={t.zoomOut}
        >
          <ZoomOut size={20} aria-hidden="true" />
        </button>
        <output className="admin-viewer__zoom" aria-live="polite">
          {t.zoomLevel(Math.round(zoom * 100))}
        </output>
        <button
          type="button"
          className="admin-viewer__tool"
          onClick={() => zoomBy(STEP)}
          disabled={zoom >= MAX_ZOOM}
          aria-label={t.zoomIn}
          title={t.zoomIn}
        >
          <ZoomIn size={20} aria-hidden="true" />
        </button>
        <button type="button" className="admin-viewer__tool" onClick={reset} aria-label={t.reset} title={t.reset}>
          <Undo2 size={20} aria-hidden="true" />
        </button>
        <a className="admin-viewer__open" href={href} target="_blank" rel="noreferrer">
          {t.open}
        </a>
      </div>
      <div
        ref={frame}
        className="admin-viewer__frame"
        role="region"
        tabIndex={0}
        aria-label={t.frame(quarterTurns * 90, Math.round(zoom * 100))}
        onTouchStart={onTouchStart}
        onTouchMove={onTouchMove}
        onTouchEnd={onTouchEnd}
        onTouchCancel={onTouchEnd}
      >
        <div className="admin-viewer__box" style={box ? { width: box.width, height: box.height } : undefined}>
          <img
            className={box ? 'admin-viewer__image admin-viewer__image--placed' : 'admin-viewer__image'}
            src={src}
            alt={alt}
            data-rotation={quarterTurns * 90}
            onLoad={(event) => setNatural({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })}
            style={
              natural && scale > 0
                ? {
                    width: natural.width * scale,
                    height: natural.height * scale,
                    transform: `translate(-50%, -50%) rotate(${quarterTurns * 90}deg)`,
                  }
                : undefined
            }
          />
        </div>
      </div>
    </div>
  );
}
