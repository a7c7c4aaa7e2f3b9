import { useState } from 'react'
import Taro, { useDidShow } from '@tarojs/taro'
import { View, Text, Image } from '@tarojs/components'
import { Button, Dialog, Input, Switch } from '@nutui/nutui-react-taro'
import { ArrowRight, User } from '@nutui/icons-react-taro'
import type { LogoffHint } from '@contract/account'
import PageLayout from '@/components/PageLayout'
import { agentLogoffHint, applyLogoff, cancelLogoff, signOut, updateMemberInfo } from '@/api/member'
import { APP_VERSION, APP_VERSION_CODE, logout, requireLogin, loadMemberInfo } from '@/core/auth'
import { navigateTo } from '@/core/nav'
import { assetUrl } from '@/core/request'
import { uploadMedia } from '@/api/upload'
import { confirm, hideLoading, showLoading, toast } from '@/core/toast'
import { useDialogFocus } from '@/hooks/useDialogFocus'
import { ROUTES } from '@/routes'
import { useUserStore } from '@/stores/user'
import { useDisplayStore } from '@/stores/display'
import { cacheSizeKb, clearAppCache, formatKb } from '@/utils/cache'
import { formatTime } from '@/utils/time'
import './setting.scss'

function Row({ label, value, onClick, danger }: { label: string; value?: React.ReactNode; onClick?: () => void; danger?: boolean }) {
  return (
    <View className='set-row' onClick={onClick}>
      <Text className={`set-row__label ${danger ? 'set-row__label--danger' : ''}`}>{label}</Text>
      <View className='set-row__value'>{value}</View>
      {onClick && <ArrowRight size={12} color='#999' />}
    </View>
  )
}

/** 设置: profile (avatar, nickname), addresses, feedback, about, clear cache, account logoff and logout. */
export default function SettingIndexPage() {
  const user = useUserStore((s) => s.userInfo)
  const largeText = useDisplayStore((s) => s.largeText)
  const [cache, setCache] = useState(0)
  const [nickOpen, setNickOpen] = useState(false)
  const [nick, setNick] = useState('')
  const [aboutOpen, setAboutOpen] = useState(false)
  const [logoff, setLogoff] = useState<{ open: boolean; text: string[]; blocked: boolean }>({ open: false, text: [], blocked: false })
  const nickDialog = useDialogFocus(nickOpen, '修改昵称', () => setNickOpen(false))
  const aboutDialog = useDialogFocus(aboutOpen, '关于我们', () => setAboutOpen(false))
  const logoffDialog = useDialogFocus(logoff.open, '注销账号', () => setLogoff((l) => ({ ...l, open: false })))

  useDidShow(() => {
    setCache(cacheSizeKb())
    if (requireLogin()) loadMemberInfo()
  })

  const changeAvatar = async () => {
    let path = ''
    try {
      const r = await Taro.chooseImage({ count: 1, sizeType: ['compressed'], sourceType: ['album', 'camera'] })
      path = r.tempFilePaths[0]
    } catch {
      return
    }
    if (!path) return
    showLoading('上传中')
    try {
      const { url } = await uploadMedia(path)
      useUserStore.getState().setUserInfo(await updateMemberInfo({ avatar: url }))
      toast('头像已更新', 'success')
    } catch {
      // shown by the request layer
    } finally {
      hideLoading()
    }
  }

  const saveNick = async () => {
    const v = nick.trim()
    if (!v) return toast('昵称不能为空')
    if ([...v].length > 20) return toast('昵称最多20个字')
    useUserStore.getState().setUserInfo(await updateMemberInfo({ nickname: v }))
    setNickOpen(false)
    toast('昵称已更新', 'success')
  }

  const clear = async () => {
    if (!(await confirm('将清除搜索记录和缓存数据，不会退出登录。', '清除缓存'))) return
    clearAppCache()
    setCache(cacheSizeKb())
    toast('缓存已清除', 'success')
  }

  const openLogoff = async () => {
    // The server answers the whole LogoffHint (types/account.ts); the shared client call declares its first two fields.
    const h = (await agentLogoffHint()) as unknown as LogoffHint
    const text = [
      `提交后进入${h.coolingDays}天冷静期，期间可随时撤销；冷静期结束后账号将被注销。`,
      '注销后手机号、昵称、头像、微信绑定、收货地址和名片将被删除且无法恢复，订单记录将匿名保留。',
      ...(h.isAgent && h.hint ? [h.hint] : []),
      ...h.warnings,
      ...h.blockers.map((b) => `暂不能注销：${b}`),
    ]
    setLogoff({ open: true, text, blocked: h.blockers.length > 0 })
  }

  const doLogoff = async () => {
    setLogoff((l) => ({ ...l, open: false }))
    const r = await applyLogoff()
    useUserStore.getState().setUserInfo({ ...useUserStore.getState().userInfo, logoffAt: r.logoffAt })
    toast(`已提交注销申请，${r.coolingDays}天后生效`)
  }

  const undoLogoff = async () => {
    if (!(await confirm('撤销后账号将恢复正常使用。', '撤销注销'))) return
    await cancelLogoff()
    await loadMemberInfo()
    toast('已撤销注销申请', 'success')
  }

  const doLogout = async () => {
    if (!(await confirm('确定退出当前账号吗？', '退出登录'))) return
    // The server revokes the token first; offline, the local sign-out still happens (the token then expires on its own).
    showLoading('正在退出')
    await signOut().catch(() => undefined)
    hideLoading()
    logout()
  }

  const pendingAt = user.logoffAt || null
  return (
    <PageLayout variant='back' title='设置' className='set-page'>
      {pendingAt && (
        <View className='set-logoff'>
          <Text className='set-logoff__text'>账号注销申请中，将于 {formatTime(pendingAt, 'YYYY-MM-DD HH:mm')} 完成注销</Text>
          <Button size='small' type='primary' onClick={undoLogoff}>
            撤销注销
          </Button>
        </View>
      )}
      <View className='set-group'>
        <Row
          label='头像'
          onClick={changeAvatar}
          value={<View className='set-avatar'>{user.avatar ? <Image className='set-avatar__img' src={assetUrl(user.avatar)} mode='aspectFill' /> : <User size={24} color='#bbb' />}</View>}
        />
        <Row
          label='昵称'
          value={<Text className='set-row__text'>{user.nickname || ''}</Text>}
          onClick={() => {
            setNick(user.nickname || '')
            setNickOpen(true)
          }}
        />
        <Row label='手机号' value={<Text className='set-row__text'>{user.phone || ''}</Text>} />
      </View>
      <View className='set-group'>
        <Row label='收货地址' onClick={() => navigateTo(ROUTES.addressList)} />
        <Row label='意见反馈' onClick={() => navigateTo(ROUTES.feedback)} />
        <Row label='关于我们' value={<Text className='set-row__text'>v{APP_VERSION}</Text>} onClick={() => setAboutOpen(true)} />
        <Row label='清除缓存' value={<Text className='set-row__text'>{formatKb(cache)}</Text>} onClick={clear} />
      </View>
      <View className='set-group'>
        {/* 大字模式 for older shoppers (适老化): every text 1.25×, kept in storage (src/stores/display.ts). */}
        <Row label='大字模式' value={<Switch checked={largeText} ariaLabel='大字模式' onChange={(on) => useDisplayStore.getState().setLargeText(on)} />} />
      </View>
      <View className='set-group'>
        <Row label='注销账号' danger onClick={pendingAt ? undoLogoff : openLogoff} value={pendingAt ? <Text className='set-row__text'>冷静期中</Text> : undefined} />
      </View>
      <View className='set-logout'>
        <Button block fill='outline' onClick={doLogout}>
          退出登录
        </Button>
      </View>

      <Dialog visible={nickOpen} title='修改昵称' className={nickDialog} onConfirm={saveNick} onCancel={() => setNickOpen(false)} onClose={() => setNickOpen(false)}>
        <Input className='set-nick' value={nick} maxLength={20} placeholder='请输入昵称' onChange={setNick} />
      </Dialog>
      <Dialog visible={aboutOpen} title='关于我们' className={aboutDialog} hideCancelButton confirmText='知道了' onConfirm={() => setAboutOpen(false)} onClose={() => setAboutOpen(false)}>
        <View className='set-about'>
          <Text className='set-about__name'>商城</Text>
          <Text>
            版本 {APP_VERSION}（{APP_VERSION_CODE}）
          </Text>
          <Text className='set-about__text'>品质好物，分享有礼。购物、返现、售后一站式服务。</Text>
        </View>
      </Dialog>
      <Dialog
        visible={logoff.open}
        title='注销账号'
        className={logoffDialog}
        confirmText={logoff.blocked ? '知道了' : '确认注销'}
        hideCancelButton={logoff.blocked}
        onConfirm={logoff.blocked ? () => setLogoff((l) => ({ ...l, open: false })) : doLogoff}
        onCancel={() => setLogoff((l) => ({ ...l, open: false }))}
        onClose={() => setLogoff((l) => ({ ...l, open: false }))}
      >
        <View className='set-logoff-text'>
          {logoff.text.map((t) => (
            <Text key={t} className='set-logoff-text__line'>
              {t}
            </Text>
          ))}
        </View>
      </Dialog>
    </PageLayout>
  )
}
