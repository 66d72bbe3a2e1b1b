// The trend of a series of samples: the slope of its least-squares line.

/**
 * The slope of the least-squares line through `points` ({ t: seconds, y }), in units of y per
 * `perSeconds`; null with fewer than two distinct times.
 */
export function leastSquaresSlope(points, perSeconds = 1) {
  if (points.length < 2) return null;
  const meanT = points.reduce((sum, point) => sum + point.t, 0) / points.length;
  const meanY = points.reduce((sum, point) => sum + point.y, 0) / points.length;
  let covariance = 0;
  let variance = 0;
  for (const { t, y } of points) {
    covariance += (t - meanT) * (y - meanY);
    variance += (t - meanT) ** 2;
  }
  return variance === 0 ? null : (covariance / variance) * perSeconds;
}
