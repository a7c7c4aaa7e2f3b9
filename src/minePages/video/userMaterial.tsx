import PageLayout from '@/components/PageLayout'

export default function VideoUserMaterialPage() {
  return <PageLayout variant='back' title='创作者主页' />
}
