import type { Config } from './config'
import { RUNTIME_CONFIG_ELEMENT_ID, type H5RuntimeConfig } from '../../types/runtimeConfig'

/**
 * The H5's runtime configuration (types/runtimeConfig.ts) from the server's: host gating and the WeChat
 * official account as this server runs them, so the page and the server always agree (the app id may come
 * from the console's 设置 → 微信 and change while the server runs).
 */
export function h5RuntimeConfig(config: Config): H5RuntimeConfig {
  return {
    mainHost: config.mainHost,
    entryHosts: config.entryHosts,
    loginRedirectHosts: config.loginRedirectHosts,
    wxH5AppId: config.wechat.h5AppId,
    wxJssdkUrl: config.wechat.jssdkUrl,
    wxOauthUrl: config.wechat.oauthUrl,
  }
}

/** JSON safe inside a <script> element: no "<" (so no "</script>"), and the line separators JavaScript once refused. */
const scriptJson = (v: unknown) =>
  JSON.stringify(v)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')

/**
 * index.html with the configuration as a JSON data block at the end of <head>: in the document before the
 * app's scripts run (they are deferred or in <body>). A data block is not run, so the Content-Security-Policy (plugins/security.ts) needs no hash for it.
 */
export function withRuntimeConfig(indexHtml: string, cfg: H5RuntimeConfig): string {
  const block = `<script type="application/json" id="${RUNTIME_CONFIG_ELEMENT_ID}">${scriptJson(cfg)}</script>`
  return indexHtml.replace('</head>', `${block}</head>`)
}

/** index.html for the current configuration, made again only when the configuration changed. */
export function servedIndexHtml(config: Config, indexHtml: string): () => string {
  let key = ''
  let html = ''
  return () => {
    const cfg = h5RuntimeConfig(config)
    const k = JSON.stringify(cfg)
    if (k !== key) {
      key = k
      html = withRuntimeConfig(indexHtml, cfg)
    }
    return html
  }
}
