/**
 * The bot's log: one line per event. Plain lines read `time event key=value …`
 * for a person at a terminal; `--json` writes one JSON object a line for a
 * program (`{"time":…,"event":…,…}`).
 */
export type LogFields = Readonly<Record<string, string | number | boolean | undefined>>;
export type BotLog = (event: string, fields?: LogFields) => void;

const plain = (value: string | number | boolean): string => {
  const text = String(value);
  return /^[^\s"=]+$/.test(text) ? text : JSON.stringify(text);
};

export const botLog =
  (json: boolean, write: (line: string) => void, now: () => Date = () => new Date()): BotLog =>
  (event, fields = {}) => {
    const defined = Object.entries(fields).filter((e): e is [string, string | number | boolean] => e[1] !== undefined);
    const time = now().toISOString();
    write(
      json
        ? `${JSON.stringify({ time, event, ...Object.fromEntries(defined) })}\n`
        : `${[time, event, ...defined.map(([k, v]) => `${k}=${plain(v)}`)].join(' ')}\n`,
    );
  };
