/**
 * Headers every page carries. The Content-Security-Policy allows scripts only with this response's
 * nonce (Next.js adds it to its own scripts) and never `eval` outside development; pages may not
 * be framed; HSTS is sent only over HTTPS (over plain HTTP it would be ignored, or lock a
 * misconfigured install out).
 */
export function securityHeaders(options: { nonce: string; https: boolean; development: boolean }): Record<string, string> {
  const scriptSources = [`'self'`, `'nonce-${options.nonce}'`, `'strict-dynamic'`, ...(options.development ? [`'unsafe-eval'`] : [])];
  const policy = [
    `default-src 'self'`,
    `script-src ${scriptSources.join(" ")}`,
    // React sets style attributes; styles cannot run code.
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: blob:`,
    `font-src 'self'`,
    `connect-src 'self'`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join("; ");
  return {
    "content-security-policy": policy,
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-frame-options": "DENY",
    ...(options.https ? { "strict-transport-security": "max-age=63072000; includeSubDomains" } : {}),
  };
}
