import PageLayout from '@/components/PageLayout'

export default function SettingIndexPage() {
  return <PageLayout variant='back' title='设置' />
}
