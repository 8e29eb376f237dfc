// A drawing message (room policy ALLOW_DRAWING_MSG, seed §6 'send contacts or drawings'): strokes drawn with the
// pointer on a fixed-size pad, sent as a PNG picture (an IMAGE message, so every client shows it). The strokes are
// plain data so undo, clear and redraw (the pad at another pixel density) are pure.

/** The pad in CSS pixels; the picture is this size times the device pixel ratio (at most 2). */
export const PAD_WIDTH = 480;
export const PAD_HEIGHT = 320;
export const PAD_MAX_SCALE = 2;

/** Pen widths in CSS pixels. */
export const PEN_WIDTHS = { thin: 3, thick: 8 } as const;
export type PenWidth = keyof typeof PEN_WIDTHS;

export interface Stroke {
  /** A CSS colour (the ink, read from the theme when the stroke starts). */
  color: string;
  width: number;
  /** Points in pad coordinates (CSS pixels from the top left corner). */
  points: readonly (readonly [number, number])[];
}

export type DrawingAction =
  | { kind: 'start'; color: string; width: number; at: readonly [number, number] }
  | { kind: 'extend'; at: readonly [number, number] }
  | { kind: 'undo' }
  | { kind: 'clear' };

const clamp = (value: number, max: number) => Math.min(max, Math.max(0, value));

/** A point inside the pad (a stroke dragged past its edge draws along the edge). */
export function padPoint(x: number, y: number): readonly [number, number] {
  return [clamp(x, PAD_WIDTH), clamp(y, PAD_HEIGHT)];
}

export function strokesAfter(strokes: readonly Stroke[], action: DrawingAction): readonly Stroke[] {
  switch (action.kind) {
    case 'start':
      return [...strokes, { color: action.color, width: action.width, points: [padPoint(...action.at)] }];
    case 'extend': {
      const last = strokes[strokes.length - 1];
      if (!last) return strokes;
      return [...strokes.slice(0, -1), { ...last, points: [...last.points, padPoint(...action.at)] }];
    }
    case 'undo':
      return strokes.slice(0, -1);
    case 'clear':
      return [];
  }
}

/** The pad's scale for a device pixel ratio: sharp on high-density screens, never a huge picture. */
export function padScale(devicePixelRatio: number): number {
  return Math.min(PAD_MAX_SCALE, Math.max(1, devicePixelRatio || 1));
}

/** Draws the strokes over the background (the picture is opaque so it reads on any bubble). */
export function paintDrawing(context: CanvasRenderingContext2D, strokes: readonly Stroke[], background: string, scale: number): void {
  context.setTransform(scale, 0, 0, scale, 0, 0);
  context.fillStyle = background;
  context.fillRect(0, 0, PAD_WIDTH, PAD_HEIGHT);
  context.lineCap = 'round';
  context.lineJoin = 'round';
  for (const stroke of strokes) {
    const [first, ...rest] = stroke.points;
    if (!first) continue;
    context.strokeStyle = stroke.color;
    context.fillStyle = stroke.color;
    context.lineWidth = stroke.width;
    if (rest.length === 0) {
      // A tap is a dot.
      context.beginPath();
      context.arc(first[0], first[1], stroke.width / 2, 0, Math.PI * 2);
      context.fill();
      continue;
    }
    context.beginPath();
    context.moveTo(first[0], first[1]);
    for (const [x, y] of rest) context.lineTo(x, y);
    context.stroke();
  }
}
