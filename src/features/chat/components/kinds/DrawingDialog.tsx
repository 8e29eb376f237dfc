// The drawing pad: draw with the mouse, a pen or a finger in one of the theme's inks, undo or clear, then send the
// drawing as a PNG picture (an IMAGE message through the outbox, like any picture).
import { useEffect, useReducer, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Eraser, Undo2 } from 'lucide-react';
import { Button, Dialog } from '../../../../ui/index.ts';
import { PAD_HEIGHT, PAD_WIDTH, PEN_WIDTHS, paintDrawing, padScale, strokesAfter, type PenWidth } from '../../model/drawing.ts';
import styles from '../Chat.module.scss';

/** The inks: theme colours, so a variant's drawing matches its look; the picture keeps them as drawn. */
const INK_TOKENS = ['--cg-color-text', '--cg-color-accent', '--cg-color-danger', '--cg-color-success'] as const;
const BACKGROUND_TOKEN = '--cg-color-surface';

function tokenColour(token: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(token).trim() || 'currentColor';
}

export interface DrawingDialogProps {
  onSend: (file: File) => void;
  onClose: () => void;
}

export function DrawingDialog({ onSend, onClose }: DrawingDialogProps) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [strokes, act] = useReducer(strokesAfter, []);
  const [ink, setInk] = useState(0);
  const [pen, setPen] = useState<PenWidth>('thin');
  const [sending, setSending] = useState(false);
  const drawing = useRef(false);
  const scale = padScale(window.devicePixelRatio);

  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (context) paintDrawing(context, strokes, tokenColour(BACKGROUND_TOKEN), scale);
  }, [scale, strokes]);

  /** The pointer's place on the pad, whatever size the pad is shown at. */
  const at = (event: PointerEvent<HTMLCanvasElement>): [number, number] => {
    const box = event.currentTarget.getBoundingClientRect();
    return [((event.clientX - box.left) / box.width) * PAD_WIDTH, ((event.clientY - box.top) / box.height) * PAD_HEIGHT];
  };

  const send = () => {
    if (!canvas.current || strokes.length === 0) return;
    setSending(true);
    canvas.current.toBlob((blob) => {
      setSending(false);
      if (!blob) return;
      onSend(new File([blob], `drawing-${Date.now()}.png`, { type: 'image/png' }));
      onClose();
    }, 'image/png');
  };

  return (
    <Dialog
      open
      title={t('messages.drawing.title')}
      onClose={onClose}
      footer={
        <>
          <Button variant="ghost" icon={<Undo2 aria-hidden="true" />} disabled={strokes.length === 0} onClick={() => act({ kind: 'undo' })}>
            {t('messages.drawing.undo')}
          </Button>
          <Button variant="ghost" icon={<Eraser aria-hidden="true" />} disabled={strokes.length === 0} onClick={() => act({ kind: 'clear' })}>
            {t('messages.drawing.clear')}
          </Button>
          <Button disabled={strokes.length === 0} busy={sending} onClick={send}>
            {t('messages.drawing.send')}
          </Button>
        </>
      }
    >
      <div className={styles.drawingTools}>
        <div role="radiogroup" aria-label={t('messages.drawing.ink')} className={styles.drawingChoices}>
          {INK_TOKENS.map((token, index) => (
            <button
              key={token}
              type="button"
              role="radio"
              aria-checked={ink === index}
              aria-label={t('messages.drawing.inkNumber', { number: index + 1 })}
              className={styles.drawingInk}
              style={{ color: `var(${token})` }}
              onClick={() => setInk(index)}
            />
          ))}
        </div>
        <div role="radiogroup" aria-label={t('messages.drawing.pen')} className={styles.drawingChoices}>
          {(Object.keys(PEN_WIDTHS) as PenWidth[]).map((width) => (
            <button key={width} type="button" role="radio" aria-checked={pen === width} className={styles.drawingPen} onClick={() => setPen(width)}>
              {t(`messages.drawing.${width}`)}
            </button>
          ))}
        </div>
      </div>
      <canvas
        ref={canvas}
        className={styles.drawingPad}
        width={PAD_WIDTH * scale}
        height={PAD_HEIGHT * scale}
        role="img"
        aria-label={t('messages.drawing.pad')}
        data-testid="drawing-pad"
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture(event.pointerId);
          drawing.current = true;
          act({ kind: 'start', color: tokenColour(INK_TOKENS[ink] ?? INK_TOKENS[0]), width: PEN_WIDTHS[pen], at: at(event) });
        }}
        onPointerMove={(event) => {
          if (drawing.current) act({ kind: 'extend', at: at(event) });
        }}
        onPointerUp={() => {
          drawing.current = false;
        }}
        onPointerCancel={() => {
          drawing.current = false;
        }}
      />
    </Dialog>
  );
}
