// The demo activity pages' script (/media/activity/*.html load it; their Content-Security-Policy runs no inline
// script). The shop's web-view page appends the member's token: greet the member (the page's data-title names the
// activity) and let them claim the shop's store-wide coupons (coupon centre of the same origin's API).
// Plain ES5: old WebViews open these pages too.
(function () {
  var token = new URLSearchParams(location.search).get('token');
  var box = document.getElementById('coupons');
  var sayTimer = null;
  function say(text) {
    var el = document.getElementById('say');
    el.textContent = text;
    el.style.display = 'block';
    clearTimeout(sayTimer);
    sayTimer = setTimeout(function () { el.style.display = 'none'; }, 2000);
  }
  function api(path, body) {
    var headers = { 'content-type': 'application/json' };
    if (token) headers.token = token;
    var opts = body ? { method: 'POST', headers: headers, body: JSON.stringify(body) } : { headers: headers };
    return fetch('/h5' + path + (path.indexOf('?') < 0 ? '?' : '&') + 'p=' + (body ? 3 : 4), opts).then(function (r) { return r.json(); });
  }
  function stateText(c) {
    if (c.soldOut) return '已抢光';
    if (c.canReceive) return '立即领取';
    return c.received > 0 ? '已领取' : '不可领取';
  }
  function draw(list) {
    box.innerHTML = '';
    if (!list.length) {
      box.innerHTML = '<div class="coupons-empty">优惠券已领完，下次早点来</div>';
      return;
    }
    list.forEach(function (c) {
      var el = document.createElement('button');
      el.className = 'coupon';
      el.setAttribute('data-coupon-id', String(c.couponId));
      var face = document.createElement('b');
      face.textContent = c.faceText;
      var rule = document.createElement('span');
      rule.textContent = c.ruleText;
      var act = document.createElement('em');
      act.textContent = stateText(c);
      el.appendChild(face);
      el.appendChild(rule);
      el.appendChild(act);
      el.disabled = !!token && !c.canReceive;
      el.onclick = function () { claim(c); };
      box.appendChild(el);
    });
  }
  function load() {
    return api('/api/coupons/centre')
      .then(function (res) {
        var list = res && res.code === 200 && res.data ? res.data.list : [];
        draw(list.filter(function (c) { return c.scope === 'all' && c.kind !== 'discount'; }).slice(0, 4));
      })
      .catch(function () { box.innerHTML = '<div class="coupons-empty">优惠券加载失败，请稍后再试</div>'; });
  }
  function claim(c) {
    if (!token) return say('请登录商城后，从活动页进入领取');
    api('/api/coupons/receive', { couponId: c.couponId })
      .then(function (res) {
        say(res && res.code === 200 ? '领取成功，可在“我的-优惠券”中查看' : (res && res.msg) || '领取失败，请稍后再试');
        load();
      })
      .catch(function () { say('网络异常，请稍后再试'); });
  }
  load();
  if (!token) return;
  fetch('/h5/api/member/getMemberInfo?p=4', { headers: { token: token } })
    .then(function (r) { return r.json(); })
    .then(function (res) {
      if (res && res.code === 200 && res.data) document.getElementById('who').textContent = (res.data.nickname || '会员') + '，欢迎参加' + (document.body.getAttribute('data-title') || '本次活动') + '！';
    })
    .catch(function () {});
})();
