let context: AudioContext | undefined;

/**
 * Opens the audio context. Called from the sound toggle's click: browsers let a page start audio
 * only after a user gesture, so a context made there may play later without one.
 */
export function unlockChime(): void {
  if (typeof AudioContext === 'undefined') return;
  context ??= new AudioContext();
  if (context.state === 'suspended') void context.resume();
}

/** Two short sine notes (about 0.3 s), generated, no sound file; silent while audio is blocked. */
export function playChime(): void {
  if (context?.state !== 'running') return;
  const start = context.currentTime;
  for (const [offset, frequency] of [
    [0, 880],
    [0.15, 1320],
  ] as const) {
    const tone = context.createOscillator();
    const gain = context.createGain();
    tone.frequency.value = frequency;
    gain.gain.setValueAtTime(0.2, start + offset);
    gain.gain.exponentialRampToValueAtTime(0.001, start + offset + 0.14);
    tone.connect(gain).connect(context.destination);
    tone.start(start + offset);
    tone.stop(start + offset + 0.15);
  }
}
