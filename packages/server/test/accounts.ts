/** Accounts for tests: registering and logging in over HTTP, and calling routes with a session's cookie. */

export const PASSWORD = 'a long enough password';

let counter = 0;
/** A name no other test of this run has taken. */
export const uniqueName = (prefix: string): string =>
  `${prefix}${process.pid.toString(36)}${(counter++).toString(36)}${Date.now().toString(36).slice(-3)}`.slice(0, 20);

const cookieOf = (res: Response): string => (res.headers.get('set-cookie') ?? '').split(';')[0]!;

/** Registers a new account; its session cookie and user. */
export const register = async (
  url: string,
  name = uniqueName('p'),
  password = PASSWORD,
): Promise<{ cookie: string; user: { id: string; name: string }; name: string }> => {
  const res = await fetch(`${url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: name, password }),
  });
  if (res.status !== 200) throw new Error(`register ${name}: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { user: { id: string; name: string } };
  return { cookie: cookieOf(res), user: body.user, name };
};

/** Logs in; the response's status and body, and the new cookie when it worked. */
export const login = async (
  url: string,
  name: string,
  password = PASSWORD,
): Promise<{ status: number; body: Record<string, unknown>; cookie: string }> => {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: name, password }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, cookie: cookieOf(res) };
};

/** A JSON call with a cookie: its status and parsed body. */
// biome-ignore lint/suspicious/noExplicitAny: each test reads the fields of its own route's answer
type Answer = any;

export const call = async (
  url: string,
  method: string,
  path: string,
  cookie?: string,
  body?: unknown,
): Promise<{ status: number; body: Answer; headers: Headers }> => {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: the text as it came
  }
  return { status: res.status, body: parsed, headers: res.headers };
};

/** Waits until `f` holds (checked every 20 ms), or fails after `timeoutMs`. */
export const until = async (f: () => boolean | Promise<boolean>, timeoutMs = 10_000, what = 'a condition') => {
  const end = Date.now() + timeoutMs;
  while (!(await f())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};
