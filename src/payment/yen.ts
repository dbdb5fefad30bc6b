/** Yen figures as the order list, the receipt and the result pages show them (1,234). */
export const yen = (n: number): string => n.toLocaleString('ja-JP');
