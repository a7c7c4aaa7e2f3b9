/**
 * Mini-program only: Taro 4.2's WXML templates leave out WeChat's accessibility attributes, so an aria-label or
 * aria-role written on a View, Text or Image never reached the mini-program (WeChat's screen reader then read
 * icon buttons as nothing). This build plugin adds `aria-role` and `aria-label` to those components' templates
 * (Taro's documented way: the platform template's mergeComponents, on the platform handed to onBuildInit), so the
 * same names as on the H5 reach VoiceOver / TalkBack in WeChat.
 */
module.exports = (ctx) => {
  ctx.registerMethod('onBuildInit', (platform) => {
    if (platform?.platform !== 'weapp' || typeof platform.template?.mergeComponents !== 'function') return
    const aria = { 'aria-role': "''", 'aria-label': "''" }
    platform.template.mergeComponents(ctx, { View: aria, Text: aria, Image: aria })
  })
}
