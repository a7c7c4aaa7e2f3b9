import PageLayout from '@/components/PageLayout'

export default function LoginLoginPage() {
  return <PageLayout variant='login' title='登录' />
}
