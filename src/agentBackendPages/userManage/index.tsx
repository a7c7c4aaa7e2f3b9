import PageLayout from '@/components/PageLayout'

export default function UserManageIndexPage() {
  return <PageLayout variant='back' title='用户管理' />
}
