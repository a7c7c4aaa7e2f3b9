/**
 * The web page of the demo's running festival (an activity of link type "web"), written at seed time with the
 * festival of the season (content/calendar.ts). It greets a member by the token the shop's web-view appends.
 */
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

export function festivalPage(title: string, subtitle: string): string {
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1,maximum-scale=1">
<title>${esc(title)}</title>
<style>
  body { margin: 0; font-family: -apple-system, 'PingFang SC', 'Microsoft YaHei', sans-serif; background: #fff5fb; color: #222; }
  .hero { background: linear-gradient(135deg, #ff9a9e, #af57ff); color: #fff; padding: 32px 20px 40px; text-align: center; }
  .hero h1 { margin: 0 0 8px; font-size: 28px; }
  .hero p { margin: 0; opacity: .9; }
  .who { margin: 16px; padding: 14px 16px; background: #fff; border-radius: 12px; font-size: 14px; color: #666; }
  .coupons { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; margin: 16px; }
  .coupon { background: #fff; border-radius: 12px; padding: 16px; text-align: center; border: 1px dashed #af57ff; }
  .coupon b { display: block; font-size: 24px; color: #fa2c19; }
  .rules { margin: 16px; background: #fff; border-radius: 12px; padding: 16px; font-size: 13px; line-height: 1.8; color: #555; }
  .rules h2 { font-size: 16px; margin: 0 0 8px; color: #222; }
</style>
</head>
<body>
<div class="hero"><h1>${esc(title)}</h1><p>${esc(subtitle)}</p></div>
<div class="who" id="who">登录后可领取专属优惠券</div>
<div class="coupons">
  <div class="coupon"><b>¥30</b>满199可用</div>
  <div class="coupon"><b>¥10</b>满99可用</div>
</div>
<div class="rules">
  <h2>活动规则</h2>
  1. 活动期间下单，订单满199元立减30元；<br>
  2. 优惠券每人每种限领1张，领取后7天内有效；<br>
  3. 特价商品、秒杀商品不参与满减；<br>
  4. 如有疑问请联系在线客服。
</div>
<script>
  // The shop's web-view page appends the member's token; use it to greet the member (same origin API).
  (function () {
    var token = new URLSearchParams(location.search).get('token');
    if (!token) return;
    fetch('/h5/api/member/getMemberInfo?p=4', { headers: { token: token } })
      .then(function (r) { return r.json(); })
      .then(function (res) {
        if (res && res.code === 200 && res.data) document.getElementById('who').textContent = (res.data.nickname || '会员') + '，欢迎参加${esc(title)}！';
      })
      .catch(function () {});
  })();
</script>
</body>
</html>
`
}
