/**
 * The web page of the demo's running festival (an activity of link type "web"), written at seed time with the
 * festival of the season (demo/calendar.ts). Its styles and script are the committed activity.css and activity.js
 * (server/assets/media/activity): it greets a member by the token the shop's web-view appends and lists the coupon
 * centre's store-wide coupons to claim.
 */
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

export function festivalPage(title: string, subtitle: string): string {
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1,maximum-scale=1">
<title>${esc(title)}</title>
<link rel="stylesheet" href="/media/activity/activity.css">
</head>
<body data-title="${esc(title)}">
<div class="hero"><h1>${esc(title)}</h1><p>${esc(subtitle)}</p></div>
<div class="who" id="who">登录后可领取专属优惠券</div>
<div class="coupons" id="coupons"><div class="coupons-empty">优惠券加载中…</div></div>
<div class="say" id="say"></div>
<div class="rules">
  <h2>活动规则</h2>
  1. 活动期间领取下方优惠券，下单时满足使用条件即可抵扣；<br>
  2. 点击上方优惠券即可领取，每种券的限领张数和有效期以券面为准；<br>
  3. 特价商品、秒杀商品不参与满减；<br>
  4. 如有疑问请联系在线客服。
</div>
<script src="/media/activity/activity.js"></script>
</body>
</html>
`
}
