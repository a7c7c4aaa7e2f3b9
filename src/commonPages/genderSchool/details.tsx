import PageLayout from '@/components/PageLayout'

export default function GenderSchoolDetailsPage() {
  return <PageLayout variant='back' title='文章详情' />
}
