// What the door volunteer feels or hears after each answer, without looking: a vibration where the
// phone has one (Android's browsers), else a short tone (iPhones have no navigator.vibrate).
import type { CheckInOutcome } from './checkin-queue';

const PATTERNS: Record<CheckInOutcome['kind'], number[]> = {
  ingreso: [120],
  agregado: [120],
  'ya-ingreso': [80, 80, 80],
  queued: [80, 80, 80],
  error: [400],
};
const TONES: Record<CheckInOutcome['kind'], number> = { ingreso: 880, agregado: 880, 'ya-ingreso': 520, queued: 520, error: 220 };

let audio: AudioContext | undefined;

function tone(frequency: number, seconds: number): void {
  const Context = window.AudioContext as typeof AudioContext | undefined;
  if (!Context) return;
  audio ??= new Context();
  const oscillator = audio.createOscillator();
  const gain = audio.createGain();
  oscillator.frequency.value = frequency;
  gain.gain.setValueAtTime(0.2, audio.currentTime);
  gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + seconds);
  oscillator.connect(gain).connect(audio.destination);
  oscillator.start();
  oscillator.stop(audio.currentTime + seconds);
}

/** Vibrates, or beeps where the phone cannot vibrate; silently nothing where neither is allowed. */
export function signal(kind: CheckInOutcome['kind']): void {
  try {
    if (typeof navigator.vibrate === 'function' && navigator.vibrate(PATTERNS[kind])) return;
    tone(TONES[kind], kind === 'error' ? 0.4 : 0.15);
  } catch {
    // No vibration and no sound (a browser's autoplay rule): the answer is still on the screen.
  }
}
