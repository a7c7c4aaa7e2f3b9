export default definePageConfig({ navigationBarTitleText: '申请成为代理', navigationStyle: 'custom' })
