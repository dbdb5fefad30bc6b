/**
 * Texts in the week calendar's narrow cells: on a phone each may take two lines, but only where a
 * reader expects the break, never inside 残り or inside a time.
 */

/** `text` in two pieces that each stay whole; the line may break between them. */
function BreakAt({ text, at }: { text: string; at: number }) {
  if (at <= 0 || at >= text.length) return text;
  return (
    <>
      <span className="cal-part">{text.slice(0, at)}</span>
      <span className="cal-part">{text.slice(at)}</span>
    </>
  );
}

/** "09:00〜09:30": the break comes after 〜. */
export const TimeRange = ({ text }: { text: string }) => <BreakAt text={text} at={text.indexOf('〜') + 1} />;

/** "残り3": the break comes before the number. */
export const SlotStateText = ({ text }: { text: string }) => <BreakAt text={text} at={text.search(/\d/)} />;
