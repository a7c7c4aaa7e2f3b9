export default definePageConfig({ navigationBarTitleText: '提现', navigationStyle: 'custom' })
