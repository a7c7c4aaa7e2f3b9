import PageLayout from '@/components/PageLayout'

export default function LoginInvitationCodePage() {
  return <PageLayout variant='login' title='填写邀请码' />
}
