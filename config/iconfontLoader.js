// Mini-program build only: NutUI's icon-font stylesheet embeds its font three times (woff2, woff, ttf; 150 KB).
// WeChat's renderers (iOS WKWebView, Android XWeb/Chromium) all read woff2, so only that source is kept (46 KB,
// once in common.wxss). src/platform/nutIcon.weapp.tsx draws the icons with it.
module.exports = function iconfontLoader(source) {
  return source.replace(/,\s*url\(data:font\/(?:woff|ttf|truetype);base64,[^)]*\)\s*format\([^)]*\)/g, '').replace(/url\(data:font\/(?:woff|ttf);base64,[^)]*\)\s*format\([^)]*\)\s*,\s*/g, '')
}
