export default definePageConfig({ navigationBarTitleText: '支付密码', navigationStyle: 'custom' })
