// WeChat's own WXML (wcc) and WXSS (wcsc) compilers, Linux builds from the npm package miniprogram-compiler, over
// every .wxml/.wxs and every .wxss of the build: an unclosed tag, a broken template or a bad style rule fails with
// the compiler's message (file:line). wcsc answers an Error instead of throwing: tested with instanceof.
import fs from 'node:fs'
import path from 'node:path'
import { createRequire } from 'node:module'
const require = createRequire(import.meta.url)
const wcc = require('miniprogram-compiler/src/wcc.js')
const wcsc = require('miniprogram-compiler/src/wcsc.js')

export function listFiles(dir, ext, base = dir) {
  const out = []
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name)
    if (e.isDirectory()) out.push(...listFiles(full, ext, base))
    else if (e.name.endsWith(ext)) out.push(path.relative(base, full).split(path.sep).join('/'))
  }
  return out.sort()
}

const strip = (f, ext) => f.slice(0, -ext.length)

/** Compiles the build; `check(name, ok, detail)` records each result. Answers wcc's JavaScript (the $gwx function) or null. */
export function checkCompilers(out, check) {
  const wxml = listFiles(out, '.wxml')
  const wxs = listFiles(out, '.wxs')
  const wxss = listFiles(out, '.wxss')
  let gwx = null
  try {
    gwx = wcc(
      out,
      wxml.map((f) => strip(f, '.wxml')),
      wxs,
      { maxBuffer: 256 * 1024 * 1024 },
    )
    check(`wcc compiles ${wxml.length} .wxml and ${wxs.length} .wxs files`, typeof gwx === 'string' && gwx.includes('$gwx'), 'no $gwx in the output')
  } catch (e) {
    check(`wcc compiles ${wxml.length} .wxml and ${wxs.length} .wxs files`, false, String(e.message || e).slice(0, 2000))
  }
  const css = wcsc(
    out,
    wxss.map((f) => strip(f, '.wxss')),
    { maxBuffer: 256 * 1024 * 1024 },
  )
  // (The package splits wcsc's output on "=", which base64 fonts contain: only the error and the common part are read.)
  check(`wcsc compiles ${wxss.length} .wxss files`, !(css instanceof Error) && typeof css.comm === 'string', css instanceof Error ? css.message.slice(0, 2000) : 'no output')
  return gwx
}

// Run alone: node test/weapp/compilers.mjs [dist/weapp]
if (process.argv[1] && path.resolve(process.argv[1]) === new URL(import.meta.url).pathname) {
  let failed = 0
  checkCompilers(path.resolve(process.argv[2] || 'dist/weapp'), (name, ok, detail) => {
    if (!ok) failed += 1
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${!ok && detail ? `: ${detail}` : ''}`)
  })
  process.exit(failed ? 1 : 0)
}
