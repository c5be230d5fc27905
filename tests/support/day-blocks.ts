/**
 * The blocked periods ('HH:MM' clinic times) that close a clinic day (09:00–18:00) except the
 * 20-minute slots starting at `open`.
 */
export function dayBlocksExcept(open: readonly string[]): { start_time: string; end_time: string }[] {
  const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  const clock = (minutes: number) =>
    `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  const blocks: { start_time: string; end_time: string }[] = [];
  let from = 9 * 60;
  for (const start of open.map(minutesOf).sort((a, b) => a - b)) {
    if (start > from) blocks.push({ start_time: clock(from), end_time: clock(start) });
    from = start + 20;
  }
  if (from < 18 * 60) blocks.push({ start_time: clock(from), end_time: clock(18 * 60) });
  return blocks;
}
