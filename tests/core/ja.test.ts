/** Japanese text helpers: every example the spec gives, then properties (never throws, idempotent). */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { normalizeBirthday, parseBirthday } from '@core/ja/birthday';
import { CHARACTER_TYPES, hasFullWidthSpaceAtEdge, isFullKatakanaOnly, isHalfWidthOnly, matchesCharacterType, type CharacterType } from '@core/ja/chars';
import { TOKYO_OFFSET, formatIsoDate, normalizeDateInput, parseIsoDate, todayInTokyo } from '@core/ja/date-input';
import { ERAS, eraToWesternYear, findEra } from '@core/ja/era';
import { normalizePhone } from '@core/ja/phone';
import { normalizePostcode } from '@core/ja/postcode';
import { toFullWidth, toFullWidthAscii, toFullWidthKatakana, toHalfWidth, toHalfWidthAscii } from '@core/ja/width';

const today = Temporal.PlainDate.from('2025-06-15');

/** Text that exercises the helpers: odd Unicode, and strings built from the characters they care about. */
const anyText = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'grapheme' }),
  fc
    .array(fc.constantFrom(...'0123456789０１２３４５６７８９/／.．,，-－ーｰ‐―−年月日HhSsTtMmRr平成昭和令和元 　\t〒+＋81nulｶﾞガパﾊﾟヴｳﾞヰあア亜ＡaZ＂"＼\\'), { maxLength: 24 })
    .map((a) => a.join('')),
);
const anyDay = fc.record({ y: fc.integer({ min: 1, max: 9999 }), m: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 28 }) });

describe('normalizeDateInput (spec 01 §5 Date)', () => {
  it.each([
    ['20150401', '2015-04-01'],
    ['S50.8.21', '1975-08-21'],
    ['h3/2/1', '1991-02-01'],
    ['２０１５０４０１', '2015-04-01'],
    ['２０１５／４／１', '2015-04-01'],
    ['Ｓ５０．８．２１', '1975-08-21'],
    ['2015/4/1', '2015-04-01'],
    ['2015.4.1', '2015-04-01'],
    ['2015,4,1', '2015-04-01'],
    ['2015-4-1', '2015-04-01'],
    ['2015-04-01', '2015-04-01'],
    [' 2015/4/1 ', '2015-04-01'],
    ['2015年4月1日', '2015-04-01'],
    ['平成3年2月1日', '1991-02-01'],
    ['令和元年5月1日', '2019-05-01'],
    ['㍻3.2.1', '1991-02-01'],
    ['r7.6.15', '2025-06-15'],
  ])('%s → %s', (raw, expected) => expect(normalizeDateInput(raw, today)).toBe(expected));

  it.each([
    ['2015/13/1', '2015-12-01'],
    ['2015/0/1', '2015-01-01'],
    ['2015/2/30', '2015-02-28'],
    ['2016/2/30', '2016-02-29'],
    ['2015/4/31', '2015-04-30'],
    ['2015/4/0', '2015-04-01'],
    ['20151399', '2015-12-31'],
    ['H31.4.99', '2019-04-30'],
  ])('clamps the month to 1–12 and the day to the month (spec 01 §5): %s → %s', (raw, expected) => {
    expect(normalizeDateInput(raw, today)).toBe(expected);
  });

  it('clamps before the future rule: 2026-13-45 is 2026-12-31, refused as future unless allowed', () => {
    for (const raw of ['2026-13-45', '２０２６－１３－４５']) {
      expect(normalizeDateInput(raw, today)).toBe('');
      expect(normalizeDateInput(raw, today, { allowFuture: true })).toBe('2026-12-31');
    }
  });

  it.each([
    ['２０２６ー０１ー０５', '2026-01-05'],
    ['２０２６－０１－０５', '2026-01-05'],
    ['２０２６−０１−０５', '2026-01-05'],
    ['2026‐1‐5', '2026-01-05'],
    ['２０２６年１月５日', '2026-01-05'],
    ['令和８年１月５日', '2026-01-05'],
    ['Ｒ８．１．５', '2026-01-05'],
    ['２０２６０１０５', '2026-01-05'],
    ['　２０２６／１／５　', '2026-01-05'],
  ])('reads the full-width or IME-dashed %s as %s', (raw, expected) => expect(normalizeDateInput(raw, today, { allowFuture: true })).toBe(expected));

  it.each([
    ['M1.1.1', '1868-01-01'],
    ['T1.1.1', '1912-01-01'],
    ['S1.1.1', '1926-01-01'],
    ['H1.1.1', '1989-01-01'],
    ['R1.5.1', '2019-05-01'],
    ['明治45.7.29', '1912-07-29'],
    ['大正15.12.24', '1926-12-24'],
    ['昭和64.1.7', '1989-01-07'],
  ])('era base: %s → %s', (raw, expected) => expect(normalizeDateInput(raw, today)).toBe(expected));

  it.each(['', '   ', 'null', 'NULL', ' Null ', 'abc', '2015', '201504011', '15/4/1', 'H0.1.1', 'X3.2.1', 'H100.1.1', 'H35.1.1', '平成32年1月1日', 'S65.1.1', 'T16.1.1', 'M46.1.1', '0000/1/1'])(
    'reads %j as no date',
    (raw) => expect(normalizeDateInput(raw, today)).toBe(''),
  );

  it('refuses future dates unless allowed, today included as the past', () => {
    expect(normalizeDateInput('2025/6/15', today)).toBe('2025-06-15');
    expect(normalizeDateInput('2025/6/16', today)).toBe('');
    expect(normalizeDateInput('R8.1.1', today)).toBe('');
    expect(normalizeDateInput('2025/6/16', today, { allowFuture: true })).toBe('2025-06-16');
  });

  it('answers "" for what is not a string', () => {
    for (const v of [undefined, null, 20150401, {}, []]) expect(normalizeDateInput(v, today)).toBe('');
  });

  it('property: never throws, answers "" or a real date no later than today, and is idempotent', () => {
    fc.assert(
      fc.property(anyText, anyDay, fc.boolean(), (raw, t, allowFuture) => {
        const day = Temporal.PlainDate.from({ year: t.y, month: t.m, day: t.d });
        const once = normalizeDateInput(raw, day, { allowFuture });
        if (once !== '') {
          const d = parseIsoDate(once);
          expect(d).toBeDefined();
          if (!allowFuture) expect(Temporal.PlainDate.compare(d!, day)).toBeLessThanOrEqual(0);
        }
        expect(normalizeDateInput(once, day, { allowFuture })).toBe(once);
      }),
      { numRuns: 1000 },
    );
  });

  it('property: every past date reads back from its 8-digit, slashed, dotted, full-width and era forms', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1868, max: 2025 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 }), (y, m, dRaw) => {
        const first = Temporal.PlainDate.from({ year: y, month: m, day: 1 });
        const date = first.with({ day: Math.min(dRaw, first.daysInMonth) });
        if (Temporal.PlainDate.compare(date, today) > 0) return;
        const iso = formatIsoDate(date);
        const forms = [iso.replaceAll('-', ''), `${y}/${m}/${date.day}`, `${y}.${m}.${date.day}`, toFullWidthAscii(`${y}/${m}/${date.day}`)];
        const era = [...ERAS].reverse().find((e) => y > e.base);
        if (era) forms.push(`${era.letter.toLowerCase()}${y - era.base}.${m}.${date.day}`, `${era.name}${y - era.base}年${m}月${date.day}日`);
        for (const f of forms) expect([f, normalizeDateInput(f, today)]).toEqual([f, iso]);
      }),
      { numRuns: 500 },
    );
  });

  it('todayInTokyo is a date', () => {
    expect(parseIsoDate(formatIsoDate(todayInTokyo()))).toBeDefined();
  });

  it("the clock's fixed offset reads as Asia/Tokyo on every instant from 1952 to 2100", () => {
    const from = Temporal.Instant.from('1952-01-01T00:00:00Z').epochMilliseconds;
    const to = Temporal.Instant.from('2100-01-01T00:00:00Z').epochMilliseconds;
    fc.assert(
      fc.property(fc.integer({ min: from, max: to }), (ms) => {
        const instant = Temporal.Instant.fromEpochMilliseconds(ms);
        expect(instant.toZonedDateTimeISO(TOKYO_OFFSET).toPlainDateTime().equals(instant.toZonedDateTimeISO('Asia/Tokyo').toPlainDateTime())).toBe(true);
      }),
    );
    // Japan's last daylight saving (1951): the offset would be wrong then, and nothing reads that far back.
    const summer1950 = Temporal.Instant.from('1950-07-01T00:00:00Z');
    expect(summer1950.toZonedDateTimeISO('Asia/Tokyo').offset).toBe('+10:00');
  });

  it('todayInTokyo is the day in Asia/Tokyo', () => {
    const before = Temporal.Now.plainDateISO('Asia/Tokyo');
    const read = todayInTokyo();
    const after = Temporal.Now.plainDateISO('Asia/Tokyo');
    expect([before.toString(), after.toString()]).toContain(read.toString());
  });
});

describe('eras', () => {
  it('has the spec base years and reads letters of either case and kanji names', () => {
    expect(Object.fromEntries(ERAS.map((e) => [e.letter, e.base]))).toEqual({ H: 1988, S: 1925, T: 1911, M: 1867, R: 2018 });
    for (const e of ERAS) {
      expect(findEra(e.letter)).toBe(e);
      expect(findEra(e.letter.toLowerCase())).toBe(e);
      expect(findEra(e.name)).toBe(e);
    }
    expect(findEra('X')).toBeUndefined();
    expect(findEra('')).toBeUndefined();
    expect(eraToWesternYear(findEra('h')!, 3)).toBe(1991);
  });
});

describe('birthday (spec 01 §5)', () => {
  it.each([
    ['1991-02-01', '1991-02-01'],
    ['1991-2-1', '1991-02-01'],
    ['H3.2.1', '1991-02-01'],
    ['h3.2.1', '1991-02-01'],
    ['H03.02.01', '1991-02-01'],
    ['S50.8.21', '1975-08-21'],
    ['平成3.2.1', '1991-02-01'],
    ['令和元.5.1', '2019-05-01'],
    ['Ｈ３．２．１', '1991-02-01'],
  ])('%s is %s', (raw, iso) => {
    expect(formatIsoDate(parseBirthday(raw)!)).toBe(iso);
    expect(normalizeBirthday(raw)).toBe(iso);
  });

  it.each([
    ['H0.1.1', 'era year 0'],
    ['H-1.1.1', 'era year below 0'],
    ['H.2.1', 'era part shorter than 2 characters'],
    ['3.2.1', 'era part shorter than 2 characters'],
    ['X3.2.1', 'no such era'],
    ['H35.1.1', 'past the era’s last year'],
    ['S65.1.1', 'past the era’s last year'],
    ['H3/2/1', 'era form takes dots'],
    ['1991/02/01', 'Western form takes hyphens'],
    ['19910201', 'no 8-digit form'],
    ['H3.2.30', 'not a real day'],
    ['1991-02-29', 'not a real day'],
    ['', 'empty'],
  ])('refuses %s (%s)', (raw) => {
    expect(parseBirthday(raw)).toBeUndefined();
    expect(normalizeBirthday(raw)).toBe(raw.trim());
  });

  it('property: never throws and normalising is idempotent', () => {
    fc.assert(
      fc.property(anyText, (raw) => {
        parseBirthday(raw);
        const once = normalizeBirthday(raw);
        expect(normalizeBirthday(once)).toBe(once);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('width', () => {
  it('converts ASCII, digits, spaces and katakana both ways', () => {
    expect(toHalfWidth('ＡＢＣ１２３　ガパヴー・「」')).toBe('ABC123 ｶﾞﾊﾟｳﾞｰ･｢｣');
    expect(toFullWidth('ABC123 ｶﾞﾊﾟｳﾞｰ･｢｣')).toBe('ＡＢＣ１２３　ガパヴー・「」');
    expect(toFullWidth('"\\~')).toBe('＂＼～');
    expect(toHalfWidth('＂＼～')).toBe('"\\~');
    expect(toHalfWidth('あ亜')).toBe('あ亜');
  });

  it('has ASCII-only and katakana-only variants', () => {
    expect(toHalfWidthAscii('ＡＢ１　カ')).toBe('AB1 カ');
    expect(toFullWidthAscii('AB1 ｶ')).toBe('ＡＢ１　ｶ');
    expect(toFullWidthKatakana('ｶﾞAB')).toBe('ガAB');
  });

  it('keeps half-width katakana half-width, which NFKC would not', () => {
    expect('ｶﾞ'.normalize('NFKC')).toBe('ガ');
    expect(toHalfWidth('ｶﾞ')).toBe('ｶﾞ');
  });

  it('property: never throws and each conversion is idempotent', () => {
    fc.assert(
      fc.property(anyText, (s) => {
        for (const f of [toHalfWidth, toFullWidth, toHalfWidthAscii, toFullWidthAscii, toFullWidthKatakana]) expect(f(f(s))).toBe(f(s));
      }),
      { numRuns: 1000 },
    );
  });

  it('property: full-width ASCII and katakana become half-width only', () => {
    const fullChars = [...'ＡＺａｚ０９！～　アガパヴーンッャ・「」。、'];
    fc.assert(fc.property(fc.array(fc.constantFrom(...fullChars)).map((a) => a.join('')), (s) => {
      expect(isHalfWidthOnly(toHalfWidth(s))).toBe(true);
    }));
  });
});

describe('character types (spec 01 §5)', () => {
  const cases: Record<CharacterType, { ok: string[]; ng: string[] }> = {
    all: { ok: ['なんでも OK 123', '😀'], ng: ['tab\there', 'nul\u0000'] },
    allFull: { ok: ['山田　太郎', 'ＡＢＣ１２３', 'ヤマダ'], ng: ['ABC', 'ﾔﾏﾀﾞ', '山田 太郎'] },
    kanji: { ok: ['山田太郎', '佐々木', '霞ヶ関', '山田　太郎', '𠮷野'], ng: ['やまだ', 'ヤマダ', 'Yamada'] },
    hiragana: { ok: ['やまだ', 'ゆーこ', 'やまだ　たろう'], ng: ['ヤマダ', '山田', 'yamada'] },
    katakana: { ok: ['ヤマダ', 'ヤマダ　タロウ', 'ジョン・スミス', 'ヴァイオリン'], ng: ['ﾔﾏﾀﾞ', 'やまだ', 'ヤマダ タロウ'] },
    katakanaHalf: { ok: ['ﾔﾏﾀﾞ', 'ﾔﾏﾀﾞ ﾀﾛｳ', 'ｼﾞｮﾝ･ｽﾐｽ'], ng: ['ヤマダ', 'yamada'] },
    alphabet: { ok: ['Yamada', 'Ｙａｍａｄａ', 'John Smith'], ng: ['Yamada1', 'ヤマダ'] },
    alphabetFull: { ok: ['Ｙａｍａｄａ'], ng: ['Yamada', 'Ｙａｍａｄａ１'] },
    alphabetHalf: { ok: ['Yamada', 'John Smith'], ng: ['Ｙａｍａｄａ', 'Yamada1'] },
    number: { ok: ['0123', '０１２３', '01２3'], ng: ['12a', '1 2', '-1'] },
    numberFull: { ok: ['０１２３'], ng: ['0123', '０１２3'] },
    numberHalf: { ok: ['0123'], ng: ['０１２３', '1.5'] },
  };

  it('covers all twelve types', () => expect(Object.keys(cases).sort()).toEqual([...CHARACTER_TYPES].sort()));

  it.each(CHARACTER_TYPES)('%s', (type) => {
    for (const s of cases[type].ok) expect([s, matchesCharacterType(type, s)]).toEqual([s, true]);
    for (const s of cases[type].ng) expect([s, matchesCharacterType(type, s)]).toEqual([s, false]);
    expect(matchesCharacterType(type, '')).toBe(true);
  });

  it('half-width only, full-width katakana only, and full-width spaces at the ends', () => {
    expect(isHalfWidthOnly('ABC abc 123 ﾔﾏﾀﾞ!?')).toBe(true);
    expect(isHalfWidthOnly('ABCＡ')).toBe(false);
    expect(isFullKatakanaOnly('ヤマダ　タロウ')).toBe(true);
    expect(isFullKatakanaOnly('ヤマダ タロウ')).toBe(false);
    expect(hasFullWidthSpaceAtEdge('　ヤマダ')).toBe(true);
    expect(hasFullWidthSpaceAtEdge('ヤマダ　')).toBe(true);
    expect(hasFullWidthSpaceAtEdge('ヤマダ　タロウ')).toBe(false);
  });
});

describe('normalizePhone (spec 01 §5, 02 §5)', () => {
  it.each([
    ['09012345678', '09012345678'],
    [' 090-1234-5678 ', '09012345678'],
    ['090 1234 5678', '09012345678'],
    ['090　1234　5678', '09012345678'],
    ['０９０－１２３４－５６７８', '09012345678'],
    ['090ー1234ー5678', '09012345678'],
    ['03‐1234−5678', '0312345678'],
    ['+81 90-1234-5678', '09012345678'],
    ['+81-3-1234-5678', '0312345678'],
    ['＋８１９０１２３４５６７８', '09012345678'],
    ['81312345678', '0312345678'],
    ['', ''],
  ])('%j → %j', (raw, expected) => expect(normalizePhone(raw)).toBe(expected));

  it('property: never throws and is idempotent', () => {
    fc.assert(fc.property(anyText, (s) => {
      expect(normalizePhone(normalizePhone(s))).toBe(normalizePhone(s));
    }), { numRuns: 1000 });
  });
});

describe('normalizePostcode', () => {
  it.each([
    ['1000001', '1000001'],
    ['100-0001', '1000001'],
    ['〒１００－０００１', '1000001'],
    ['100ｰ0001', '1000001'],
    ['100 0001', '1000001'],
    ['１００‐０００１', '1000001'],
  ])('%j → %j', (raw, expected) => expect(normalizePostcode(raw)).toBe(expected));

  it('property: never throws and is idempotent', () => {
    fc.assert(fc.property(anyText, (s) => {
      expect(normalizePostcode(normalizePostcode(s))).toBe(normalizePostcode(s));
    }), { numRuns: 1000 });
  });
});
