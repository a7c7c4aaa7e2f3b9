import { render, screen } from '@testing-library/react'
import { View } from '@/h5runtime/h5Elements'
import PageLayout from '@/components/PageLayout'

describe('icon-only buttons of the shell have accessible names', () => {
  it('the login layout’s back arrow is named 返回', () => {
    render(
      <PageLayout variant='login' title='登录'>
        <View>内容</View>
      </PageLayout>,
    )
    expect(screen.getByLabelText('返回')).toBeTruthy()
  })
})
