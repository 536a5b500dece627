import http from 'node:http';

/** Reads an NDJSON stream of the Bot and Board API line by line, and waits for a line that matches. */

// biome-ignore lint/suspicious/noExplicitAny: each test reads the fields of its own stream's lines
export type Line = any;

export class NdjsonReader {
  readonly lines: Line[] = [];
  /** Keep-alive newlines seen. */
  blanks = 0;
  ended = false;
  private waiters: { pred: (l: Line) => boolean; resolve: (l: Line) => void; from: number }[] = [];
  private endWaiters: (() => void)[] = [];
  private request: http.ClientRequest | undefined;

  private constructor(readonly status: number) {}

  /**
   * Opens `path` with the headers given; resolves once the answer's head came (a refused stream has status ≠ 200, and
   * its body as its one line). A connection of its own (node:http, no agent): closing it closes that socket only.
   */
  static open(url: string, path: string, headers: Record<string, string>): Promise<NdjsonReader> {
    return new Promise((resolve, reject) => {
      const req = http.get(`${url}${path}`, { headers, agent: false }, (res) => {
        const r = new NdjsonReader(res.statusCode ?? 0);
        r.request = req;
        if (r.status !== 200) {
          let text = '';
          res.on('data', (d) => {
            text += d.toString();
          });
          res.on('end', () => {
            r.lines.push(JSON.parse(text));
            r.ended = true;
            resolve(r);
          });
          return;
        }
        r.pump(res);
        resolve(r);
      });
      req.on('error', reject);
    });
  }

  private pump(res: http.IncomingMessage): void {
    let buf = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      buf += chunk;
      let nl = buf.indexOf('\n');
      while (nl >= 0) {
        const text = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        if (text.trim() === '') this.blanks++;
        else this.push(JSON.parse(text));
        nl = buf.indexOf('\n');
      }
    });
    const done = () => {
      this.ended = true;
      for (const f of this.endWaiters.splice(0)) f();
    };
    res.on('end', done);
    res.on('close', done);
    res.on('error', () => undefined);
  }

  private push(line: Line): void {
    this.lines.push(line);
    const at = this.lines.length - 1;
    this.waiters = this.waiters.filter((w) => {
      if (at >= w.from && w.pred(line)) {
        w.resolve(line);
        return false;
      }
      return true;
    });
  }

  /** The first line (from line `from` on) that matches, waiting for it when it has not come yet. */
  next(pred: (l: Line) => boolean, from = 0, timeoutMs = 10_000): Promise<Line> {
    const seen = this.lines.slice(from).find(pred);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const t = setTimeout(
        () => reject(new Error(`no such line; had ${JSON.stringify(this.lines).slice(-1500)}`)),
        timeoutMs,
      );
      this.waiters.push({
        pred,
        from,
        resolve: (l) => {
          clearTimeout(t);
          resolve(l);
        },
      });
    });
  }

  /** Resolves when the server ended the stream. */
  end(timeoutMs = 10_000): Promise<void> {
    if (this.ended) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const t = setTimeout(() => reject(new Error('the stream did not end')), timeoutMs);
      this.endWaiters.push(() => {
        clearTimeout(t);
        resolve();
      });
    });
  }

  close(): void {
    this.request?.destroy();
  }
}
