/**
 * Japanese eras (和暦) for date input: the letters residents type (H3, s50, case-insensitive) and
 * the kanji names, with spec 01 §5's base years (Western year = base + era year).
 *
 * An era year past the era's last year is no date (H35.1.1 is refused, issue 54): 平成 ended in its
 * 31st year, and a resident who types H35 has mistyped, not meant 2023. The last year itself is
 * taken whole (H31.5.1 reads 2019-05-01, though 令和 began that day), as forms are filled that way.
 */
export const ERAS = [
  { letter: 'M', name: '明治', base: 1867, lastYear: 45 },
  { letter: 'T', name: '大正', base: 1911, lastYear: 15 },
  { letter: 'S', name: '昭和', base: 1925, lastYear: 64 },
  { letter: 'H', name: '平成', base: 1988, lastYear: 31 },
  { letter: 'R', name: '令和', base: 2018, lastYear: Number.POSITIVE_INFINITY },
] as const;

export type Era = (typeof ERAS)[number];

/** A regex alternative matching any era token (letters of either case, kanji names). */
export const ERA_TOKEN_SOURCE = `(?:${ERAS.map((e) => e.name).join('|')}|[${ERAS.map((e) => e.letter + e.letter.toLowerCase()).join('')}])`;

/** The era named by a letter (any case) or a kanji name; undefined for anything else. */
export const findEra = (token: string): Era | undefined => {
  const t = token.trim();
  return ERAS.find((e) => e.name === t || e.letter === t.toUpperCase());
};

export const eraToWesternYear = (era: Era, year: number): number => era.base + year;

/** The Western year of an era year, or undefined when the year is not one of the era's. */
export const westernYearOf = (era: Era, year: number): number | undefined =>
  Number.isInteger(year) && year >= 1 && year <= era.lastYear ? eraToWesternYear(era, year) : undefined;

/** 元 (the first year, 元年) or digits; NaN for anything else. */
export const parseEraYearNumber = (text: string): number => (text === '元' ? 1 : /^-?\d+$/.test(text) ? Number(text) : NaN);
