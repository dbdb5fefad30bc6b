/**
 * The push body checks the local stand-in makes, in LINE's words and shape (`details[]` with a
 * `property` path), so a message LINE would refuse is refused in development too. Only what the
 * product sends is checked closely: text and Flex messages.
 */
export interface Detail {
  message: string;
  property: string;
}

const MAX_MESSAGES = 5;
const MAX_TEXT = 5000;
const MAX_ALT_TEXT = 400;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const messageDetails = (m: unknown, at: string): Detail[] => {
  if (!isObject(m)) return [{ message: 'Must be an object', property: at }];
  if (m['type'] === 'text') {
    const text = m['text'];
    if (typeof text !== 'string' || text === '') return [{ message: 'May not be empty', property: `${at}.text` }];
    // LINE counts UTF-16 code units, as String.length does.
    if (text.length > MAX_TEXT) return [{ message: `Length must be between 0 and ${MAX_TEXT}`, property: `${at}.text` }];
    return [];
  }
  if (m['type'] === 'flex') {
    const out: Detail[] = [];
    const alt = m['altText'];
    if (typeof alt !== 'string' || alt === '') out.push({ message: 'May not be empty', property: `${at}.altText` });
    else if (alt.length > MAX_ALT_TEXT) out.push({ message: `Length must be between 0 and ${MAX_ALT_TEXT}`, property: `${at}.altText` });
    if (!isObject(m['contents'])) out.push({ message: 'May not be empty', property: `${at}.contents` });
    return out;
  }
  return [{ message: 'Must be one of the following values: [text, flex] (in this stand-in)', property: `${at}.type` }];
};

/** What is wrong with a push body; empty when LINE would take it. */
export const pushBodyDetails = (body: unknown): Detail[] => {
  if (!isObject(body)) return [{ message: 'Must be an object', property: '' }];
  const out: Detail[] = [];
  if (typeof body['to'] !== 'string' || body['to'] === '') out.push({ message: 'May not be empty', property: 'to' });
  const messages = body['messages'];
  if (!Array.isArray(messages) || messages.length < 1 || messages.length > MAX_MESSAGES) {
    out.push({ message: `Size must be between 1 and ${MAX_MESSAGES}`, property: 'messages' });
  } else {
    messages.forEach((m, i) => out.push(...messageDetails(m, `messages[${i}]`)));
  }
  return out;
};

/** X-Line-Retry-Key: a UUID in hexadecimal form (any version). */
export const isRetryKey = (v: string): boolean => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);
