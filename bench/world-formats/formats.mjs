// Number formats as the world prints them: each returns the printed text of a signed figure.
const group = (digits, separator, sizes = [3]) => {
  // Indian grouping: the last three digits, then groups of two ("1,23,45,678").
  const parts = [];
  let rest = digits;
  let size = sizes[0];
  while (rest.length > size) {
    parts.unshift(rest.slice(-size));
    rest = rest.slice(0, -size);
    size = sizes[1] ?? sizes[0];
  }
  parts.unshift(rest);
  return parts.join(separator);
};

const fixed = (value, decimals) => Math.abs(value).toFixed(decimals).split('.');

/** Options: thousands separator, decimal mark, decimals, how a negative and a zero are printed, grouping sizes. */
export function numberFormat({ thousands = ',', decimal = '.', decimals = 0, negative = 'parentheses', zero = null, sizes = [3] }) {
  return (value) => {
    if (value === null || value === undefined) return '';
    if (value === 0 && zero !== null) return zero;
    const [whole, fraction] = fixed(value, decimals);
    const body = group(whole, thousands, sizes) + (decimals > 0 ? decimal + fraction : '');
    if (value >= 0) return body;
    switch (negative) {
      case 'parentheses':
        return `(${body})`;
      case 'minus':
        return `\u2212${body}`;
      case 'hyphen':
        return `-${body}`;
      case 'trailing':
        return `${body}-`;
      default:
        throw new Error(`unknown negative style ${negative}`);
    }
  };
}
