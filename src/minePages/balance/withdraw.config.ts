export default definePageConfig({ navigationBarTitleText: '余额提现', navigationStyle: 'custom' })
