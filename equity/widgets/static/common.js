// What every widget view shares (put before each view's own module by equity.widgets._base.esm):
// the ranks in grid order, an element builder and a grid cell's class label.
const RANKS = "AKQJT98765432";

function el(tag, attrs = {}, text = "") {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text) node.textContent = text;
  return node;
}

// Row and column of the 13x13 grid -> "AA", "AKs" (above the diagonal), "AKo" (below).
function label(row, col) {
  const hi = RANKS[Math.min(row, col)];
  const lo = RANKS[Math.max(row, col)];
  if (row === col) return hi + lo;
  return hi + lo + (row < col ? "s" : "o");
}
