import { useEffect, useState } from 'react'
import { Button as TaroButton, View, Text, Image, ScrollView } from '@tarojs/components'
import { Button, Input, Checkbox, Popup } from '@nutui/nutui-react-taro'
import type { ContentDocument, DocumentKey } from '@contract/content'
import { ErrorCode } from '@contract/envelope'
import PageLayout from '@/components/PageLayout'
import RichContent from '@/components/RichContent'
import { getDocument } from '@/api/content'
import { getVerificationCode, phoneRegister } from '@/api/member'
import { miniPhoneLogin } from '@/api/wechat'
import { afterLogin } from '@/core/auth'
import { assetUrl } from '@/core/request'
import { useShopInfo, welcomeText } from '@/core/shopInfo'
import { navigateTo, usePageParams } from '@/core/nav'
import { toast } from '@/core/toast'
import { useDialogFocus } from '@/hooks/useDialogFocus'
import { useCountdown } from '@/hooks/useCountdown'
import { ROUTES } from '@/routes'
import { getSharerBusinessId, getSharerId } from '@/stores/session'
import { isCode, isMobile } from '@/utils/validate'
import { completeWechatH5Login, getPendingLoginKey, clearPendingLoginKey, loginAdapter } from '@/platform/login'
import './login.scss'

/** H5: a clickable View is in the tab order unless it says otherwise (ViewProps does not declare tabIndex). */
const OUT_OF_TAB_ORDER = { tabIndex: -1 } as object

export const CODE_COUNTDOWN = 60

/** Checks the form; returns the message to show, or '' when it can be submitted. */
export function loginFormError(phone: string, code: string, agreed: boolean): string {
  if (!isMobile(phone)) return '请输入正确的手机号'
  if (!isCode(code)) return '请输入6位验证码'
  if (!agreed) return '请先阅读并同意用户协议和隐私政策'
  return ''
}

/** Codes of miniPhoneLogin after which the page offers the SMS form instead (quota, permission, not a mainland number). */
const PHONE_FALLBACK = new Set<number>([ErrorCode.WECHAT_PHONE_UNAVAILABLE, ErrorCode.WECHAT_ERROR])

export default function LoginPage() {
  const { redirect = '' } = usePageParams<{ redirect: string }>()
  const [phone, setPhone] = useState('')
  const [code, setCode] = useState('')
  const [agreed, setAgreed] = useState(false)
  const [countdown, startCountdown] = useCountdown()
  const [sending, setSending] = useState(false)
  const [submitting, setSubmitting] = useState(false)
  const [doc, setDoc] = useState<ContentDocument | null>(null)
  const docDialog = useDialogFocus(!!doc, doc?.title || '', () => setDoc(null))
  // Mini-program, a WeChat user not yet a member: WeChat's phone-number button first, the SMS form on request or as a fallback.
  const [quickPhone, setQuickPhone] = useState(false)
  const [smsForm, setSmsForm] = useState(process.env.TARO_ENV !== 'weapp')
  // The shop's logo and name (console 设置 → 店铺).
  const shop = useShopInfo()

  // The documents come from the server (the console edits them); a tap on a title opens one.
  const openDocument = (key: DocumentKey) => {
    getDocument(key)
      .then(setDoc)
      .catch(() => undefined)
  }

  // Mini-program: a WeChat identity already linked to a member logs in without the phone step.
  useEffect(() => {
    if (process.env.TARO_ENV !== 'weapp') return
    loginAdapter
      .silentLogin()
      .then((r) => {
        if (r.token) return afterLogin(r.token, redirect)
        if (r.needPhone) setQuickPhone(true)
        else setSmsForm(true)
      })
      .catch(() => setSmsForm(true))
  }, [redirect])

  const onPhoneNumber = async (e: { detail: { code?: string; errMsg?: string } }) => {
    const code = e.detail?.code
    if (!code) {
      // Refused in WeChat's dialog, or the button is not available to this mini-program: the SMS form remains.
      if (!/deny|cancel/.test(e.detail?.errMsg || '')) setSmsForm(true)
      return toast('未获取手机号，可使用短信验证码登录')
    }
    if (submitting) return
    setSubmitting(true)
    try {
      const res = await miniPhoneLogin({ loginKey: getPendingLoginKey(), code })
      clearPendingLoginKey()
      toast('登录成功', 'success')
      await afterLogin(res.token, redirect)
    } catch (err: any) {
      // The request client showed the server's message; a missing quota or permission falls back to SMS.
      if (PHONE_FALLBACK.has(err?.code)) setSmsForm(true)
      if (err?.code === ErrorCode.WECHAT_LOGIN_EXPIRED)
        await loginAdapter
          .silentLogin()
          .then((r) => (r.token ? afterLogin(r.token, redirect) : undefined))
          .catch(() => setSmsForm(true))
    } finally {
      setSubmitting(false)
    }
  }

  const sendCode = async () => {
    if (countdown > 0 || sending) return
    if (!isMobile(phone)) return toast('请输入正确的手机号')
    setSending(true)
    try {
      const res = await getVerificationCode(phone, { catch: true })
      toast('验证码已发送')
      startCountdown(res.cooldown || CODE_COUNTDOWN)
    } catch (e: any) {
      if (e?.data?.cooldown) startCountdown(e.data.cooldown)
    } finally {
      setSending(false)
    }
  }

  const submit = async () => {
    const error = loginFormError(phone, code, agreed)
    if (error) return toast(error)
    if (submitting) return
    setSubmitting(true)
    try {
      const res = await phoneRegister(
        { phone, verificationCode: code, shareMemberId: getSharerId() || null, shareBusinessId: getSharerBusinessId() || null, ...(getPendingLoginKey() ? { loginKey: getPendingLoginKey() } : {}) },
        { catch: true },
      )
      clearPendingLoginKey()
      toast('登录成功', 'success')
      // In WeChat's browser the base-scope authorise step comes first; it returns here with the token.
      if (completeWechatH5Login(res.token, redirect)) return
      await afterLogin(res.token, redirect)
    } catch {
      // the request client already showed the server's message
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <PageLayout variant='login' title=''>
      <View className='login'>
        <View className='login__hero'>
          {shop?.shopLogo ? <Image className='login__logo' src={assetUrl(shop.shopLogo)} mode='aspectFit' aria-label={`${shop.shopName || '店铺'}标志`} /> : null}
          <Text className='login__brand'>{welcomeText(shop)}</Text>
          <Text className='login__slogan'>手机号验证登录，未注册的手机号将自动注册</Text>
        </View>
        <View className='login__form'>
          {quickPhone && (
            <View className='login__quick'>
              {/* WeChat's phone-number dialog opens only once the agreement is accepted (each code costs the shop a call). */}
              {agreed ? (
                <TaroButton className='nut-button nut-button--primary nut-button--block login__submit login__quick-btn' openType='getPhoneNumber' onGetPhoneNumber={onPhoneNumber}>
                  微信手机号快捷登录
                </TaroButton>
              ) : (
                <TaroButton className='nut-button nut-button--primary nut-button--block login__submit login__quick-btn' onClick={() => toast('请先阅读并同意用户协议和隐私政策')}>
                  微信手机号快捷登录
                </TaroButton>
              )}
              {!smsForm && (
                <Text className='login__link login__sms-link' onClick={() => setSmsForm(true)}>
                  使用短信验证码登录
                </Text>
              )}
            </View>
          )}
          {smsForm && (
            <View className='login__sms'>
              <View className='login__field'>
                <Text className='login__prefix'>+86</Text>
                <Input className='login__input' type='number' maxLength={11} placeholder='请输入手机号' value={phone} onChange={(v) => setPhone(String(v).replace(/\D/g, ''))} />
              </View>
              <View className='login__field'>
                <Input className='login__input' type='number' maxLength={6} placeholder='请输入验证码' value={code} onChange={(v) => setCode(String(v).replace(/\D/g, ''))} />
                <View className={`login__code-btn ${countdown > 0 ? 'is-disabled' : ''}`} onClick={sendCode}>
                  {countdown > 0 ? `${countdown}秒后重新获取` : '获取验证码'}
                </View>
              </View>
              <Button className='login__submit' type={quickPhone ? 'default' : 'primary'} block loading={submitting} onClick={submit}>
                {quickPhone ? '短信验证码登录' : '登录'}
              </Button>
            </View>
          )}
          <View className='login__agreement'>
            {/* The box is its own tap target; the titles open the documents (issue 18). */}
            {/* The checkbox is the control (named, in the tab order); the box only widens its tap target. */}
            <View className='login__agree-box' onClick={() => setAgreed(!agreed)} {...OUT_OF_TAB_ORDER}>
              <Checkbox checked={agreed} aria-label='同意用户协议和隐私政策' />
            </View>
            <Text>我已阅读并同意</Text>
            <Text className='login__doc-link' onClick={() => openDocument('userAgreement')}>
              《用户协议》
            </Text>
            <Text>和</Text>
            <Text className='login__doc-link' onClick={() => openDocument('privacyPolicy')}>
              《隐私政策》
            </Text>
          </View>
          <View className='login__links'>
            <Text className='login__link' onClick={() => navigateTo(ROUTES.invitationCode)}>
              有邀请码？去填写
            </Text>
          </View>
        </View>
      </View>
      <Popup visible={!!doc} position='bottom' round closeable title={doc?.title} className={docDialog} onClose={() => setDoc(null)}>
        <ScrollView className='login__doc' scrollY>
          {doc ? <RichContent html={doc.contentHtml} /> : null}
        </ScrollView>
      </Popup>
    </PageLayout>
  )
}
